import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GraphQLError, Kind, graphql, parse } from 'graphql'
import type { FakeCatalogue, FakeCollection, FakeProduct, FakeVariant } from './catalogue'
import { storefrontSchema } from './schema'

/**
 * A stand-in for the Storefront API (tests never reach Shopify): an HTTP server on 127.0.0.1
 * that executes each request with graphql-js against the real 2025-07 schema, with resolvers
 * over a fixed catalogue. A query the real API would refuse (a wrong field, a missing argument,
 * a page over 250) is refused here too.
 *
 * `failNext(...)` makes the next requests fail the ways the real service does (402, 430 with
 * Retry-After, 500, GraphQL errors, THROTTLED, slow answers, malformed JSON), one failure per
 * request; `cart` sets how the next cartCreate answers.
 */

export const FAKE_STOREFRONT_TOKEN = 'token-publico-de-teste'

export type FakeFailure = (
	| { status: number; retryAfterSeconds?: number }
	| { graphqlErrors: string[] }
	| { throttled: true }
	| { delayMs: number }
	| { malformed: true }
) & {
	/** Only a request of this operation ('CartCreate') takes the failure; others pass it by. */
	operation?: string
}

export type FakeRequest = { operationName: string | null; variables: Record<string, unknown>; query: string }

export type FakeStorefront = {
	/** The endpoint for STOREFRONT_API_URL. */
	url: string
	token: string
	catalogue: FakeCatalogue
	/** Every request answered (failures included), oldest first. */
	requests: FakeRequest[]
	failNext(...failures: FakeFailure[]): void
	/** How cartCreate answers while set: with these userErrors, or with no cart (so no checkout URL) and no userErrors. */
	cart: { userErrors: string[]; noCheckoutUrl: boolean }
	/** The carts created, with the input they were given. */
	carts: { id: string; input: CartInputArg }[]
	/**
	 * Drives the fake from another process (the storefront e2e run's test files; global setup holds
	 * the fake): POST `{controlUrl}/fail-next` with a JSON array of failures, GET `{controlUrl}/carts`.
	 */
	controlUrl: string
	stop(): Promise<void>
}

type ConnectionArgs = {
	first?: number | null
	last?: number | null
	after?: string | null
	before?: string | null
	reverse?: boolean | null
}
type CartInputArg = {
	lines?: { merchandiseId: string; quantity?: number; attributes?: { key: string; value: string }[] }[]
	buyerIdentity?: Record<string, unknown>
}

const MAX_PAGE = 250
/** The test-only control routes (no such path on the real API). */
const CONTROL_PATH = '/__fake'

function fold(text: string): string {
	return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** `word` in `text` (folded): as a substring, or, from 5 letters, a word of `text` one edit away. */
function matchesWord(text: string, word: string): boolean {
	if (text.includes(word)) return true
	if (word.length < 5) return false
	return text.split(/[^\p{L}\p{N}]+/u).some((candidate) => Math.abs(candidate.length - word.length) <= 1 && oneEditAway(candidate, word))
}

/** At most one insertion, deletion or substitution between a and b. */
function oneEditAway(a: string, b: string): boolean {
	let i = 0
	while (i < a.length && i < b.length && a[i] === b[i]) i++
	const restA = a.slice(i)
	const restB = b.slice(i)
	return restA.slice(1) === restB.slice(1) || restA.slice(1) === restB || restA === restB.slice(1)
}

function cents(amount: string): number {
	return Math.round(Number(amount) * 100)
}

function amount(value: number): string {
	return (value / 100).toFixed(2)
}

function encodeCursor(index: number): string {
	return Buffer.from(`cursor:${index}`).toString('base64')
}

function decodeCursor(cursor: string): number {
	const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'))
	if (!match) throw new GraphQLError('Invalid cursor')
	return Number(match[1])
}

/** The API's paging: first/after (or last/before), at most 250, cursors opaque. */
function connection<T>(items: T[], args: ConnectionArgs, extra: Record<string, unknown> = {}) {
	if (args.first == null && args.last == null) throw new GraphQLError('you must provide one of first or last')
	if ((args.first ?? 0) > MAX_PAGE || (args.last ?? 0) > MAX_PAGE) {
		throw new GraphQLError(`The maximum page size is ${MAX_PAGE}`)
	}
	const list = args.reverse ? [...items].reverse() : items
	let start = args.after ? decodeCursor(args.after) + 1 : 0
	let end = args.before ? decodeCursor(args.before) : list.length
	if (args.first != null) end = Math.min(end, start + args.first)
	if (args.last != null) start = Math.max(start, end - args.last)
	const slice = list.slice(start, end)
	const edges = slice.map((node, i) => ({ node, cursor: encodeCursor(start + i) }))
	return {
		edges,
		nodes: slice,
		pageInfo: {
			hasNextPage: end < list.length,
			hasPreviousPage: start > 0,
			startCursor: edges[0]?.cursor ?? null,
			endCursor: edges.at(-1)?.cursor ?? null,
		},
		filters: [],
		...extra,
	}
}

export async function startFakeStorefront(catalogue: FakeCatalogue, options: { port?: number } = {}): Promise<FakeStorefront> {
	const schema = storefrontSchema()
	const failures: FakeFailure[] = []
	const requests: FakeRequest[] = []
	const carts: FakeStorefront['carts'] = []
	const cartBehaviour = { userErrors: [] as string[], noCheckoutUrl: false }
	const pending = new Set<NodeJS.Timeout>()

	const byHandle = () => new Map(catalogue.products.map((p) => [p.handle, p]))
	const money = (value: string) => ({ amount: value, currencyCode: catalogue.currencyCode })
	const image = (img: FakeProduct['images'][number], index: number, p: FakeProduct) => ({
		id: `gid://shopify/ProductImage/${p.id.split('/').at(-1)}${index}`,
		url: img.url,
		altText: img.altText,
		width: img.width,
		height: img.height,
	})
	const variantNode = (p: FakeProduct, v: FakeVariant) => ({
		__typename: 'ProductVariant',
		id: v.id,
		title: v.title,
		availableForSale: v.availableForSale,
		quantityAvailable: v.quantityAvailable,
		price: money(v.price),
		compareAtPrice: v.compareAtPrice ? money(v.compareAtPrice) : null,
		selectedOptions: v.selectedOptions,
		sellingPlanAllocations: (args: ConnectionArgs) =>
			connection(
				sellingPlansOf(p, v).map((plan) => ({
					sellingPlan: { id: plan.id, name: plan.name, recurringDeliveries: true, options: [], priceAdjustments: [] },
					checkoutChargeAmount: money(plan.checkoutCharge),
					priceAdjustments: [],
					remainingBalanceChargeAmount: money('0.0'),
				})),
				args,
			),
		image: v.imageIndex !== null && p.images[v.imageIndex] ? image(p.images[v.imageIndex]!, v.imageIndex, p) : null,
		product: () => productNode(p),
	})
	const sellingPlansOf = (p: FakeProduct, v: FakeVariant) =>
		v.sellingPlans ??
		(collectionsOf(p).some((c) => c.handle === 'assinatura')
			? [
					{
						id: `gid://shopify/SellingPlan/${v.id.split('/').at(-1)}`,
						name: 'Assinatura anual (12 meses)',
						checkoutCharge: amount(12 * cents(v.price)),
					},
				]
			: [])
	const collectionsOf = (p: FakeProduct) => catalogue.collections.filter((c) => c.products.includes(p.handle))
	const minPrice = (p: FakeProduct) => Math.min(...p.variants.map((v) => cents(v.price)))

	function productNode(p: FakeProduct) {
		const prices = p.variants.map((v) => cents(v.price))
		return {
			__typename: 'Product',
			id: p.id,
			handle: p.handle,
			title: p.title,
			description: () => p.description,
			descriptionHtml: p.descriptionHtml,
			productType: p.productType,
			tags: p.tags,
			availableForSale: p.variants.some((v) => v.availableForSale),
			createdAt: p.createdAt,
			updatedAt: p.updatedAt,
			priceRange: { minVariantPrice: money(amount(Math.min(...prices))), maxVariantPrice: money(amount(Math.max(...prices))) },
			options: () =>
				(p.options.length > 0 ? p.options : [{ name: 'Title', values: ['Default Title'] }]).map((o, i) => ({
					id: `${p.id}/option/${i}`,
					name: o.name,
					values: o.values,
					optionValues: o.values.map((name, j) => ({ id: `${p.id}/option/${i}/${j}`, name })),
				})),
			collections: (args: ConnectionArgs) => connection(collectionsOf(p).map(collectionNode), args),
			featuredImage: p.images[0] ? image(p.images[0], 0, p) : null,
			images: (args: ConnectionArgs) =>
				connection(
					p.images.map((img, i) => image(img, i, p)),
					args,
				),
			variants: (args: ConnectionArgs) =>
				connection(
					p.variants.map((v) => variantNode(p, v)),
					args,
				),
		}
	}

	function sortProducts(list: FakeProduct[], sortKey: string | null | undefined): FakeProduct[] {
		const sorted = [...list]
		switch (sortKey) {
			case 'TITLE':
				return sorted.sort((a, b) => a.title.localeCompare(b.title, 'pt-BR'))
			case 'PRICE':
				return sorted.sort((a, b) => minPrice(a) - minPrice(b))
			case 'CREATED_AT':
			case 'CREATED':
				return sorted.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
			case 'UPDATED_AT':
				return sorted.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
			case 'BEST_SELLING':
				return sorted.sort((a, b) => b.unitsSold - a.unitsSold)
			case 'ID':
				return sorted.sort((a, b) => Number(a.id.split('/').at(-1)) - Number(b.id.split('/').at(-1)))
			default:
				return sorted
		}
	}

	function collectionNode(c: FakeCollection) {
		return {
			__typename: 'Collection',
			id: c.id,
			handle: c.handle,
			title: c.title,
			description: () => c.description,
			descriptionHtml: `<p>${c.description}</p>`,
			updatedAt: '2026-01-01T00:00:00Z',
			products: (args: ConnectionArgs & { sortKey?: string; filters?: unknown[] }) => {
				if (args.filters && args.filters.length > 0) throw new GraphQLError('filters are not supported by the fake Storefront server')
				const products = byHandle()
				const members = c.products.flatMap((h) => products.get(h) ?? [])
				const ordered = args.sortKey === 'COLLECTION_DEFAULT' || args.sortKey === 'MANUAL' ? members : sortProducts(members, args.sortKey)
				return connection(ordered.map(productNode), args)
			},
		}
	}

	/** The products query's search syntax: free words, tag:, tag_not:, product_type:, title: (AND). */
	function matchesQuery(p: FakeProduct, query: string | null | undefined): boolean {
		const pattern = /(\w+):(?:"([^"]*)"|'([^']*)'|(\S+))|"([^"]*)"|(\S+)/g
		for (const match of (query ?? '').matchAll(pattern)) {
			const [, field, dq, sq, bare, quoted, word] = match
			const value = fold((dq ?? sq ?? bare ?? quoted ?? word ?? '').trim())
			if (value === '' || (!field && value === 'and')) continue
			const tags = p.tags.map(fold)
			if (field === 'tag' && !tags.includes(value)) return false
			if (field === 'tag_not' && tags.includes(value)) return false
			if (field === 'product_type' && fold(p.productType) !== value) return false
			if (field === 'title' && !fold(p.title).includes(value)) return false
			if (!field && !searchable(p).includes(value)) return false
		}
		return true
	}
	const searchable = (p: FakeProduct) => fold([p.title, p.description, ...p.tags].join(' '))

	/**
	 * Every word in title, description or tags; all words in the title rank first; sold-out last when
	 * asked. Like the store's search, a word of 5 letters or more tolerates one typo ('xadres').
	 */
	function search(query: string, unavailableLast: boolean): FakeProduct[] {
		const words = fold(query).split(/\s+/).filter(Boolean)
		const found = catalogue.products.filter((p) => words.every((w) => matchesWord(searchable(p), w)))
		const score = (p: FakeProduct) =>
			(words.every((w) => matchesWord(fold(p.title), w)) ? 0 : 1) + (unavailableLast && !p.variants.some((v) => v.availableForSale) ? 2 : 0)
		return found
			.map((p, i) => ({ p, i }))
			.sort((a, b) => score(a.p) - score(b.p) || a.i - b.i)
			.map(({ p }) => p)
	}

	const rootValue = {
		products: (args: ConnectionArgs & { query?: string; sortKey?: string }) =>
			connection(
				sortProducts(
					catalogue.products.filter((p) => matchesQuery(p, args.query)),
					args.sortKey,
				).map(productNode),
				args,
			),
		product: (args: { handle?: string; id?: string }) => {
			const found = catalogue.products.find((p) => (args.handle ? p.handle === args.handle : p.id === args.id))
			return found ? productNode(found) : null
		},
		nodes: (args: { ids: string[] }) => {
			if (args.ids.length > MAX_PAGE) throw new GraphQLError(`nodes accepts at most ${MAX_PAGE} ids`)
			return args.ids.map((id) => {
				const product = catalogue.products.find((p) => p.id === id)
				if (product) return productNode(product)
				const owner = catalogue.products.find((p) => p.variants.some((v) => v.id === id))
				return owner
					? variantNode(
							owner,
							owner.variants.find((v) => v.id === id)!,
						)
					: null
			})
		},
		collection: (args: { handle?: string; id?: string }) => {
			const found = catalogue.collections.find((c) => (args.handle ? c.handle === args.handle : c.id === args.id))
			return found ? collectionNode(found) : null
		},
		collections: (args: ConnectionArgs & { sortKey?: string }) => {
			const list = [...catalogue.collections]
			if (args.sortKey === 'TITLE') list.sort((a, b) => a.title.localeCompare(b.title, 'pt-BR'))
			return connection(list.map(collectionNode), args)
		},
		search: (args: ConnectionArgs & { query: string; unavailableProducts?: string; types?: string[] }) => {
			const found = search(args.query, args.unavailableProducts === 'LAST').map(productNode)
			return connection(found, args, { totalCount: found.length, productFilters: [] })
		},
		predictiveSearch: (args: { query: string; limit?: number }) => ({
			products: search(args.query, true)
				.slice(0, args.limit ?? 10)
				.map(productNode),
			collections: [],
			pages: [],
			articles: [],
			queries: [],
		}),
		cartCreate: ({ input }: { input: CartInputArg }) => {
			const userErrors = cartBehaviour.userErrors.map((message) => ({ field: ['input'], message, code: 'INVALID' }))
			const variants = new Map(catalogue.products.flatMap((p) => p.variants.map((v) => [v.id, { p, v }] as const)))
			const lines = input.lines ?? []
			lines.forEach((line, i) => {
				if (!variants.has(line.merchandiseId)) {
					userErrors.push({
						field: ['input', 'lines', String(i), 'merchandiseId'],
						message: `The merchandise with id ${line.merchandiseId} does not exist.`,
						code: 'INVALID',
					})
				}
			})
			// Cart.checkoutUrl is non-null in the schema: "no checkout URL" is a null cart without userErrors.
			if (userErrors.length > 0 || cartBehaviour.noCheckoutUrl) return { cart: null, userErrors, warnings: [] }
			const id = `gid://shopify/Cart/fake-${carts.length + 1}`
			carts.push({ id, input })
			const total = lines.reduce((sum, line) => sum + cents(variants.get(line.merchandiseId)!.v.price) * (line.quantity ?? 1), 0)
			return {
				cart: {
					id,
					checkoutUrl: `https://loja-fake.myshopify.com/cart/c/fake-${carts.length}?key=k${carts.length}`,
					totalQuantity: lines.reduce((sum, line) => sum + (line.quantity ?? 1), 0),
					cost: { totalAmount: money(amount(total)) },
					lines: (args: ConnectionArgs) =>
						connection(
							lines.map((line, i) => {
								const { p, v } = variants.get(line.merchandiseId)!
								return {
									__typename: 'CartLine',
									id: `gid://shopify/CartLine/${i + 1}`,
									quantity: line.quantity ?? 1,
									merchandise: variantNode(p, v),
								}
							}),
							args,
						),
				},
				userErrors: [],
				warnings: [],
			}
		},
	}

	function operationName(query: string): string | null {
		try {
			const definition = parse(query).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)
			return definition?.kind === Kind.OPERATION_DEFINITION ? (definition.name?.value ?? null) : null
		} catch {
			return null
		}
	}

	function control(method: string, action: string, chunks: Buffer[], send: (status: number, body: string) => void) {
		if (method === 'GET' && action === 'carts') return send(200, JSON.stringify(carts))
		if (method === 'POST' && action === 'fail-next') {
			const next = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeFailure[]
			failures.push(...next)
			return send(200, JSON.stringify({ queued: failures.length }))
		}
		return send(404, JSON.stringify({ error: `no control ${method} ${action}` }))
	}

	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', () => {
			const send = (status: number, body: string, headers: Record<string, string> = {}) => {
				if (response.destroyed) return
				response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
				response.end(body)
			}
			if (request.url?.startsWith(`${CONTROL_PATH}/`))
				return control(request.method ?? '', request.url.slice(CONTROL_PATH.length + 1), chunks, send)
			if (request.method !== 'POST') return send(405, JSON.stringify({ errors: [{ message: 'POST only' }] }))
			if (request.headers['x-shopify-storefront-access-token'] !== FAKE_STOREFRONT_TOKEN) {
				return send(401, JSON.stringify({ errors: [{ message: 'Unauthorized' }] }))
			}
			let body: { query?: string; variables?: Record<string, unknown> }
			try {
				body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
			} catch {
				return send(400, JSON.stringify({ errors: [{ message: 'Bad JSON' }] }))
			}
			const query = body.query ?? ''
			const variables = body.variables ?? {}
			requests.push({ operationName: operationName(query), variables, query })
			// The first failure meant for this request (any operation, or this one).
			const at = failures.findIndex((f) => f.operation === undefined || f.operation === operationName(query))
			const failure = at === -1 ? undefined : failures.splice(at, 1)[0]
			const execute = async () => {
				const result = await graphql({ schema, source: query, variableValues: variables, rootValue })
				send(200, JSON.stringify(result))
			}
			if (!failure) return void execute()
			if ('status' in failure) {
				const headers: Record<string, string> =
					failure.retryAfterSeconds !== undefined ? { 'retry-after': String(failure.retryAfterSeconds) } : {}
				return send(failure.status, JSON.stringify({ errors: [{ message: `status ${failure.status}` }] }), headers)
			}
			if ('graphqlErrors' in failure) return send(200, JSON.stringify({ errors: failure.graphqlErrors.map((message) => ({ message })) }))
			if ('throttled' in failure) {
				return send(200, JSON.stringify({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] }))
			}
			if ('malformed' in failure) return send(200, '{"data": {"products": ')
			const timer = setTimeout(() => {
				pending.delete(timer)
				void execute()
			}, failure.delayMs)
			pending.add(timer)
		})
	})
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}/api/2025-07/graphql.json`,
		controlUrl: `http://127.0.0.1:${port}${CONTROL_PATH}`,
		token: FAKE_STOREFRONT_TOKEN,
		catalogue,
		requests,
		failNext: (...next) => failures.push(...next),
		cart: cartBehaviour,
		carts,
		stop: () =>
			new Promise<void>((resolve) => {
				for (const timer of pending) clearTimeout(timer)
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}
