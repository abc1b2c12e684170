import type { Agent } from 'node:https'
import { z } from 'zod'
import { createAgent, NetworkError, send, type TlsIdentity } from './http.server'
import { observeProviderCall } from '~/server/metrics/provider-calls.server'

/**
 * A client of the Banco Central's API Pix (release 2.9.0; tests/fixtures/api-pix/openapi.yaml) as
 * every PSP implements it: OAuth2 client credentials, mutual TLS, and the few endpoints the shop
 * uses (immediate charges, received PIX, refunds, the webhook). The token is kept until shortly
 * before it expires and renewed once when the PSP answers 401 (revoked or expired early).
 * Answers are read with lenient schemas: only the fields the shop uses, new fields ignored (the
 * API's evolution rules allow new fields at any time).
 */
export type ApiPixConfig = {
	apiUrl: string
	oauthUrl: string
	clientId: string
	clientSecret: string
	identity: TlsIdentity | null
	timeoutMs?: number
}

/** The PSP cannot be reached or failed (network, timeout, 5xx): try again later. */
export class ApiPixUnavailable extends Error {}
/** The PSP refused the request (4xx other than 401 once renewed); `problem` is its RFC 7807 body. */
export class ApiPixRefused extends Error {
	constructor(
		readonly status: number,
		readonly problem: { title?: string; detail?: string } | null,
	) {
		super(`API Pix recusou (${status}): ${problem?.title ?? ''} ${problem?.detail ?? ''}`.trim())
	}
}

const devolucaoSchema = z.object({
	id: z.string(),
	rtrId: z.string().optional(),
	valor: z.string(),
	status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
	motivo: z.string().optional(),
})
export type ApiPixDevolucao = z.infer<typeof devolucaoSchema>

const pixSchema = z.object({
	endToEndId: z.string(),
	txid: z.string().optional(),
	valor: z.string(),
	horario: z.string(),
	devolucoes: z.array(devolucaoSchema).optional(),
})
export type ApiPixPix = z.infer<typeof pixSchema>

const COB_STATUSES = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] as const
export type CobStatus = (typeof COB_STATUSES)[number]

const cobSchema = z.object({
	txid: z.string(),
	status: z.enum(COB_STATUSES),
	calendario: z.object({ criacao: z.string(), expiracao: z.number().int().optional() }),
	valor: z.object({ original: z.string() }),
	pixCopiaECola: z.string().optional(),
	pix: z.array(pixSchema).optional(),
})
export type ApiPixCob = z.infer<typeof cobSchema>

const pixListSchema = z.object({
	parametros: z.object({ paginacao: z.object({ paginaAtual: z.number(), quantidadeDePaginas: z.number() }) }),
	pix: z.array(pixSchema).optional(),
})

const tokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.coerce.number().optional() })

export type CobRequest = {
	expiracaoSeconds: number
	devedor: { cpf: string; nome: string }
	valor: string
	chave: string
	solicitacaoPagador: string
}

/** Renew this long before the PSP says the token expires (clocks differ, requests take time). */
const TOKEN_MARGIN_MS = 30_000

export class ApiPixClient {
	private token: { value: string; expiresAt: number } | null = null
	private pendingToken: Promise<string> | null = null
	private readonly agent: Agent | undefined
	private readonly timeoutMs: number

	constructor(
		private readonly config: ApiPixConfig,
		private readonly now: () => number = Date.now,
	) {
		this.agent = createAgent(config.identity)
		this.timeoutMs = config.timeoutMs ?? 10_000
	}

	/** PUT /cob/{txid}: creates the immediate charge (the PSP refuses a txid it already has). */
	async createCob(txid: string, cob: CobRequest): Promise<ApiPixCob> {
		const body = {
			calendario: { expiracao: cob.expiracaoSeconds },
			devedor: { cpf: cob.devedor.cpf, nome: cob.devedor.nome.slice(0, 200) },
			valor: { original: cob.valor },
			chave: cob.chave,
			solicitacaoPagador: cob.solicitacaoPagador.slice(0, 140),
		}
		return cobSchema.parse(await this.call('PUT', `/cob/${txid}`, body, [201]))
	}

	/** GET /cob/{txid}, or null when the PSP does not know it (404). */
	async getCob(txid: string): Promise<ApiPixCob | null> {
		try {
			return cobSchema.parse(await this.call('GET', `/cob/${txid}`, undefined, [200]))
		} catch (error) {
			if (error instanceof ApiPixRefused && error.status === 404) return null
			throw error
		}
	}

	/** PATCH /cob/{txid} status REMOVIDA_PELO_USUARIO_RECEBEDOR: the charge can no longer be paid. */
	async removeCob(txid: string): Promise<ApiPixCob> {
		return cobSchema.parse(await this.call('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }, [200]))
	}

	/** GET /pix?inicio=&fim=: every PIX received in the window, all pages. */
	async listPix(inicio: Date, fim: Date): Promise<ApiPixPix[]> {
		const all: ApiPixPix[] = []
		for (let page = 0; page < 50; page++) {
			const query = new URLSearchParams({
				inicio: inicio.toISOString(),
				fim: fim.toISOString(),
				'paginacao.paginaAtual': String(page),
				'paginacao.itensPorPagina': '100',
			})
			const answer = pixListSchema.parse(await this.call('GET', `/pix?${query.toString()}`, undefined, [200]))
			all.push(...(answer.pix ?? []))
			if (page + 1 >= answer.parametros.paginacao.quantidadeDePaginas) break
		}
		return all
	}

	/** PUT /pix/{e2eid}/devolucao/{id}: asks for a refund (idempotent per id). */
	async requestRefund(e2eid: string, id: string, valor: string, descricao: string): Promise<ApiPixDevolucao> {
		return devolucaoSchema.parse(await this.call('PUT', `/pix/${e2eid}/devolucao/${id}`, { valor, descricao: descricao.slice(0, 140) }, [201]))
	}

	async getRefund(e2eid: string, id: string): Promise<ApiPixDevolucao | null> {
		try {
			return devolucaoSchema.parse(await this.call('GET', `/pix/${e2eid}/devolucao/${id}`, undefined, [200]))
		} catch (error) {
			if (error instanceof ApiPixRefused && error.status === 404) return null
			throw error
		}
	}

	/** PUT /webhook/{chave}: the PSP will POST received PIX to `{webhookUrl}/pix`. */
	async registerWebhook(chave: string, webhookUrl: string): Promise<void> {
		await this.call('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl }, [200, 201, 204])
	}

	private call(method: string, path: string, body: unknown, expected: number[]): Promise<unknown> {
		// /metrics (decision 081): counted and timed per operation ('put-cob', 'get-pix', 'put-devolucao').
		const segments = pathOnly(path).split('/').filter(Boolean)
		const operation = `${method.toLowerCase()}-${segments.includes('devolucao') ? 'devolucao' : (segments[0] ?? 'raiz')}`
		return observeProviderCall({ kind: 'payment', provider: 'api-pix', operation }, () => this.callOnce(method, path, body, expected))
	}

	private async callOnce(method: string, path: string, body: unknown, expected: number[]): Promise<unknown> {
		let answer = await this.exchange(method, path, body, await this.accessToken())
		if (answer.status === 401) {
			// Expired or revoked before its time: one new token, one more try.
			this.token = null
			answer = await this.exchange(method, path, body, await this.accessToken())
		}
		if (expected.includes(answer.status)) return answer.body === '' ? {} : parseJson(answer.body)
		if (answer.status >= 500 || answer.status === 429 || answer.status === 0) {
			throw new ApiPixUnavailable(`API Pix indisponível (${method} ${pathOnly(path)}: ${answer.status})`)
		}
		const problem = safeJson(answer.body) as { title?: string; detail?: string } | null
		throw new ApiPixRefused(answer.status, problem && typeof problem === 'object' ? problem : null)
	}

	private async exchange(method: string, path: string, body: unknown, token: string) {
		try {
			return await send(`${this.config.apiUrl}${path}`, {
				method,
				headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
				...(body !== undefined ? { body: JSON.stringify(body) } : {}),
				agent: this.agent,
				timeoutMs: this.timeoutMs,
			})
		} catch (error) {
			if (error instanceof NetworkError) throw new ApiPixUnavailable(`API Pix inacessível (${method} ${pathOnly(path)}): ${error.message}`)
			throw error
		}
	}

	/** A valid token, fetching one when none is cached (concurrent callers share one request). */
	private async accessToken(): Promise<string> {
		if (this.token && this.token.expiresAt > this.now()) return this.token.value
		this.pendingToken ??= this.fetchToken().finally(() => {
			this.pendingToken = null
		})
		return this.pendingToken
	}

	private async fetchToken(): Promise<string> {
		const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64')
		let answer
		try {
			answer = await send(this.config.oauthUrl, {
				method: 'POST',
				headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
				body: 'grant_type=client_credentials',
				agent: this.agent,
				timeoutMs: this.timeoutMs,
			})
		} catch (error) {
			if (error instanceof NetworkError) throw new ApiPixUnavailable(`OAuth do PSP inacessível: ${error.message}`)
			throw error
		}
		if (answer.status >= 500 || answer.status === 429) throw new ApiPixUnavailable(`OAuth do PSP indisponível (${answer.status})`)
		if (answer.status !== 200) throw new ApiPixRefused(answer.status, { title: 'OAuth', detail: 'credenciais recusadas pelo PSP (PIX_CLIENT_ID/PIX_CLIENT_SECRET)' })
		const token = tokenSchema.parse(parseJson(answer.body))
		const lifetimeMs = (token.expires_in ?? 300) * 1000
		this.token = { value: token.access_token, expiresAt: this.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) }
		return token.access_token
	}
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		throw new ApiPixUnavailable('resposta do PSP não é JSON')
	}
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		return null
	}
}

/** The path without its query (never logged with parameters). */
function pathOnly(path: string): string {
	return path.split('?')[0] ?? path
}
