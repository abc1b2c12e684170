import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { parse } from 'yaml'

/**
 * The official API Pix document (bacen/pix-api, openapi.yaml of release 2.9.0, copied unchanged
 * into tests/fixtures/api-pix/openapi.yaml) as a validator of requests and responses: the fake
 * PSP checks every request the shop sends and every answer it gives against it, so the shop
 * cannot drift from the contract a real PSP implements.
 *
 * The document is loaded as published; ERRATA below corrects, in memory only, the few places
 * where its schemas contradict its own text and examples (each with the reason). Patterns are
 * matched whole (JSON Schema patterns are unanchored; the API means the whole value).
 */
const DOCUMENT = path.resolve(import.meta.dirname, '../../fixtures/api-pix/openapi.yaml')

type Json = Record<string, unknown>

const ERRATA: Array<{ what: string; apply: (doc: Json) => void }> = [
	{
		// "/^\\d{11}$/" is written as a JavaScript regex literal: as a JSON Schema pattern it demands a
		// slash before the start of the text, which no CPF has (every example in the document fails it).
		what: 'padrões de CPF escritos como literal /…/',
		apply: (doc) =>
			walk(doc, (node) => {
				if (typeof node.pattern === 'string' && /^\/.*\/$/.test(node.pattern)) node.pattern = node.pattern.slice(1, -1)
			}),
	},
	{
		// PixConsultados lists 'cobs' as required (copied from CobsConsultadas) but its list is 'pix'
		// (the document's own example getPix1 has no 'cobs').
		what: "PixConsultados exige 'cobs' em vez de 'pix'",
		apply: (doc) => {
			const schema = at(doc, ['components', 'schemas', 'PixConsultados'])
			schema.required = ['parametros']
		},
	},
]

function walk(node: unknown, visit: (node: Json) => void) {
	if (Array.isArray(node)) for (const item of node) walk(item, visit)
	else if (node && typeof node === 'object') {
		visit(node as Json)
		for (const value of Object.values(node)) walk(value, visit)
	}
}

function at(doc: Json, keys: string[]): Json {
	let node: unknown = doc
	for (const key of keys) node = (node as Json)[key]
	if (!node || typeof node !== 'object') throw new Error(`openapi: ${keys.join('/')} não existe`)
	return node as Json
}

function anchorPatterns(doc: Json) {
	walk(doc, (node) => {
		if (typeof node.pattern === 'string' && !node.pattern.startsWith('^')) node.pattern = `^(?:${node.pattern})$`
	})
}

export type Operation = { template: string; method: string; op: Json; params: Record<string, string> }

export class ApiPixContract {
	readonly doc: Json
	private readonly ajv: Ajv
	private readonly cache = new Map<string, ValidateFunction>()
	private readonly templates: Array<{ template: string; regex: RegExp; names: string[] }>

	constructor() {
		this.doc = parse(readFileSync(DOCUMENT, 'utf8')) as Json
		for (const erratum of ERRATA) erratum.apply(this.doc)
		anchorPatterns(this.doc)
		// OpenAPI 3.0 schemas carry keywords JSON Schema does not know (example, nullable,
		// discriminator, x-…): not strict. Formats are checked (date-time, uri…); int32/int64 are ranges.
		this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true })
		const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv
		addFormats(this.ajv)
		this.ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 })
		this.ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) })
		this.ajv.addFormat('float', { type: 'number', validate: () => true })
		this.ajv.addFormat('double', { type: 'number', validate: () => true })
		this.ajv.addSchema({ ...this.doc, $id: 'apipix' })
		const paths = Object.keys(at(this.doc, ['paths']))
		// Literal segments win over parameters ('/cob' before '/{pixUrlAccessToken}').
		this.templates = paths
			.map((template) => {
				const names: string[] = []
				const source = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
					names.push(name)
					return '([^/]+)'
				})
				return { template, regex: new RegExp(`^${source}$`), names }
			})
			.sort((a, b) => a.names.length - b.names.length)
	}

	/** The document's operation for this method and path (after the API's base path), or null. */
	operation(method: string, pathname: string): Operation | null {
		for (const { template, regex, names } of this.templates) {
			const match = regex.exec(pathname)
			if (!match) continue
			const item = at(this.doc, ['paths']) [template] as Json
			const op = item[method.toLowerCase()] as Json | undefined
			if (!op) continue
			const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]))
			return { template, method: method.toLowerCase(), op, params }
		}
		return null
	}

	/** What is wrong with a request the document describes as `operation` (empty: nothing). */
	checkRequest(operation: Operation, query: URLSearchParams, body: unknown): string[] {
		const problems: string[] = []
		const item = at(this.doc, ['paths'])[operation.template] as Json
		const declared = [...((item.parameters as Json[]) ?? []), ...((operation.op.parameters as Json[]) ?? [])].map((p) => this.resolve(p))
		const known = new Set<string>()
		for (const parameter of declared) {
			const name = String(parameter.name)
			const where = String(parameter.in)
			const raw = where === 'path' ? operation.params[name] : where === 'query' ? query.get(name) : null
			if (where === 'query') known.add(name)
			if (raw === null || raw === undefined) {
				if (parameter.required) problems.push(`parâmetro obrigatório ausente: ${where} ${name}`)
				continue
			}
			const schema = parameter.schema as Json
			const value = coerce(raw, this.resolve(schema))
			const errors = this.validate(schema, value, `${operation.template}#param:${name}`)
			if (errors) problems.push(`parâmetro ${where} ${name}=${raw}: ${errors}`)
		}
		for (const name of query.keys()) if (!known.has(name)) problems.push(`parâmetro de consulta não previsto: ${name}`)
		const requestBody = operation.op.requestBody ? this.resolve(operation.op.requestBody as Json) : null
		if (requestBody) {
			const schema = ((requestBody.content as Json)?.['application/json'] as Json | undefined)?.schema as Json | undefined
			if (body === undefined) {
				if (requestBody.required) problems.push('corpo obrigatório ausente')
			} else if (schema) {
				const errors = this.validate(schema, body, `${operation.template}#${operation.method}#body`)
				if (errors) problems.push(`corpo: ${errors}`)
			}
		} else if (body !== undefined) problems.push('corpo não previsto')
		return problems
	}

	/** What is wrong with an answer (status and JSON body) to `operation`. */
	checkResponse(operation: Operation, status: number, body: unknown): string[] {
		const responses = operation.op.responses as Json
		const declared = responses[String(status)] ?? responses.default
		if (!declared) return [`status ${status} não previsto para ${operation.method.toUpperCase()} ${operation.template}`]
		const response = this.resolve(declared as Json)
		const content = response.content as Json | undefined
		if (!content) return []
		const media = (content['application/json'] ?? content['application/problem+json']) as Json | undefined
		if (!media?.schema) return []
		const errors = this.validate(media.schema as Json, body, `${operation.template}#${operation.method}#${status}`)
		return errors ? [`resposta ${status}: ${errors}`] : []
	}

	/** The webhook callback's body (WebhookPixBody), as a PSP sends it to `{webhookUrl}/pix`. */
	checkCallback(body: unknown): string[] {
		const requestBody = at(this.doc, ['components', 'requestBodies', 'WebhookPixBody'])
		const schema = ((requestBody.content as Json)['application/json'] as Json).schema as Json
		const errors = this.validate(schema, body, 'callback#pix')
		return errors ? [`callback: ${errors}`] : []
	}

	/** A schema of the document by name (components/schemas), for the tests' own checks. */
	schemaErrors(name: string, value: unknown): string | null {
		return this.validate({ $ref: `#/components/schemas/${name}` }, value, `schema#${name}`)
	}

	private validate(schema: Json, value: unknown, key: string): string | null {
		let validator = this.cache.get(key)
		if (!validator) {
			// Refs inside the document's schemas are local ('#/components/…'): rebase them on the document.
			validator = this.ajv.compile(rebase(schema))
			this.cache.set(key, validator)
		}
		if (validator(value)) return null
		return (validator.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ')
	}

	private resolve(node: Json): Json {
		let current = node
		for (let depth = 0; depth < 10 && typeof current.$ref === 'string'; depth++) {
			current = at(this.doc, current.$ref.replace(/^#\//, '').split('/'))
		}
		return current
	}
}

function rebase(schema: Json): Json {
	return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
		key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `apipix${value}` : value,
	) as Json
}

/** Query and path values are text; the schema says what they are. */
function coerce(raw: string, schema: Json): unknown {
	if (schema.type === 'integer' || schema.type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw
	if (schema.type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw
	return raw
}
