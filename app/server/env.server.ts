import { isIP } from 'node:net'
import { z } from 'zod'

/**
 * Every environment variable the shop reads, validated once at start-up.
 * `.env.example` documents each one; keep the two in step.
 */
const envFields = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().min(1).default('0.0.0.0'),
	/** Embedded database (when DATABASE_URL is unset) and uploaded files live here. */
	DATA_DIR: z.string().min(1).default('./data'),
	/**
	 * postgres://… uses a node-postgres pool on a real PostgreSQL.
	 * pglite://memory is an in-memory embedded database (tests), pglite://<dir> one on disk.
	 * Unset: embedded PGlite under DATA_DIR/db.
	 */
	DATABASE_URL: z
		.string()
		.regex(/^(postgres(ql)?|pglite):\/\//, 'DATABASE_URL deve começar com postgres://, postgresql:// ou pglite://')
		.optional(),
	/**
	 * Server processes sharing PORT (node:cluster), each with its own connection pool and caches:
	 * 'auto' (default) is one per CPU core, at most MAX_AUTO_WORKERS, on PostgreSQL, and one on
	 * the embedded database, which only one process can open (decision 062).
	 */
	WEB_CONCURRENCY: z
		.string()
		.default('auto')
		.refine((value) => value === 'auto' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 32), {
			message: "WEB_CONCURRENCY deve ser 'auto' ou um número de 1 a 32",
		})
		.transform((value) => (value === 'auto' ? ('auto' as const) : Number(value))),
	ADMIN_EMAIL: z.email('ADMIN_EMAIL deve ser um e-mail válido').optional(),
	ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD deve ter pelo menos 8 caracteres').optional(),
	/** smtp://user:pass@host:port or smtps://…; unset stores mail in the outbox table. */
	SMTP_URL: z
		.string()
		.regex(/^smtps?:\/\//, 'SMTP_URL deve começar com smtp:// ou smtps://')
		.optional(),
	MAIL_FROM: z.string().min(3).default('Loja <nao-responda@localhost>'),
	/**
	 * The address shoppers use: the origin of every URL that leaves the request (e-mail links,
	 * canonical and Open Graph URLs, sitemap) and the only Host the shop answers to (plus
	 * ALLOWED_HOSTS). Unset: http://localhost:PORT, and only loopback names are answered.
	 */
	PUBLIC_URL: z
		.url('PUBLIC_URL deve ser uma URL')
		.regex(/^https?:\/\//i, 'PUBLIC_URL deve começar com http:// ou https://')
		.transform((value) => new URL(value).origin)
		.optional(),
	/** More host names the shop answers to (comma-separated), e.g. the www. twin of PUBLIC_URL. */
	ALLOWED_HOSTS: z
		.string()
		.default('')
		.transform((value) =>
			value
				.split(',')
				.map((host) => host.trim().toLowerCase())
				.filter(Boolean),
		)
		.pipe(
			z.array(
				z
					.string()
					.regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/, 'ALLOWED_HOSTS: use nomes de host separados por vírgula, sem esquema nem porta'),
			),
		),
	/**
	 * Which hops may set X-Forwarded-For/-Proto/-Host: false (none), a hop count (1 = one
	 * reverse proxy in front), or the proxies' addresses/CIDRs. 'true' (trust every hop) is
	 * refused: it lets any client choose its own address.
	 */
	TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
	/**
	 * Seconds a stopping server keeps serving, every answer with `Connection: close`, before it
	 * closes its listener (decision 131): longer than the proxy's keep-alive timeout (nginx's
	 * `keepalive_timeout 4s` in docs/deploy.md), so the proxy has dropped or been told to drop each
	 * connection it holds to this server before the server closes any, and never sends a request
	 * (a POST it would not resend) on a connection being closed. Unset: 5 behind a proxy
	 * (TRUST_PROXY set), 0 otherwise (Ctrl-C on `npm start` stops at once).
	 */
	SHUTDOWN_DRAIN_SECONDS: z.coerce
		.number()
		.int('SHUTDOWN_DRAIN_SECONDS deve ser um número inteiro de segundos')
		.min(0, 'SHUTDOWN_DRAIN_SECONDS deve ser de 0 a 60')
		.max(60, 'SHUTDOWN_DRAIN_SECONDS deve ser de 0 a 60')
		.optional(),
	/**
	 * Per-address limits (sign-in, checkout, uploads, live updates…) count an IPv6 client by this
	 * many leading bits: a subscriber holds a whole /64 (or more) and may use a new address per
	 * request. 128 counts exact addresses. IPv4 is always the exact address (decision 071).
	 */
	RATE_LIMIT_IPV6_PREFIX: z.coerce
		.number({ error: 'RATE_LIMIT_IPV6_PREFIX deve ser um número inteiro de bits (ex.: 64)' })
		.int('RATE_LIMIT_IPV6_PREFIX deve ser um número inteiro de bits (ex.: 64)')
		.min(32, 'RATE_LIMIT_IPV6_PREFIX deve ser pelo menos 32 (um prefixo menor juntaria provedores inteiros)')
		.max(128, 'RATE_LIMIT_IPV6_PREFIX deve ser no máximo 128')
		.default(64),
	/**
	 * Bytes of photos one customer account may keep stored (/user/photos), in megabytes: the
	 * upload rate limit slows a script down, this bounds what an account can leave on the disk.
	 */
	UPLOAD_QUOTA_MB_PER_ACCOUNT: z.coerce
		.number({ error: 'UPLOAD_QUOTA_MB_PER_ACCOUNT deve ser um número inteiro de megabytes' })
		.int('UPLOAD_QUOTA_MB_PER_ACCOUNT deve ser um número inteiro de megabytes')
		.min(5, 'UPLOAD_QUOTA_MB_PER_ACCOUNT deve ser pelo menos 5 (uma foto de 5 MB)')
		.max(100_000, 'UPLOAD_QUOTA_MB_PER_ACCOUNT deve ser no máximo 100000')
		.default(50),
	/**
	 * Where the catalogue, carts and checkout come from. 'builtin' is our own database;
	 * 'storefront' the hosted Storefront API (issue 15, decision 046), configured below.
	 */
	COMMERCE_PROVIDER: z.enum(['builtin', 'storefront'], 'COMMERCE_PROVIDER deve ser builtin ou storefront').default('builtin'),
	/** The store's domain, e.g. loja.myshopify.com (no scheme, no path). */
	STOREFRONT_DOMAIN: z
		.string()
		.trim()
		.toLowerCase()
		.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'STOREFRONT_DOMAIN deve ser só o domínio da loja, sem https:// (ex.: loja.myshopify.com)')
		.optional(),
	/** The public Storefront API access token (sent as X-Shopify-Storefront-Access-Token). */
	STOREFRONT_TOKEN: z.string().trim().min(1).max(500, 'STOREFRONT_TOKEN é longo demais').optional(),
	STOREFRONT_API_VERSION: z
		.string()
		.regex(/^\d{4}-\d{2}$/, 'STOREFRONT_API_VERSION deve ter o formato AAAA-MM (ex.: 2025-07)')
		.default('2025-07'),
	/**
	 * The whole GraphQL endpoint, replacing https://{STOREFRONT_DOMAIN}/api/{version}/graphql.json:
	 * tests and staging point it at a local server. https only, except on this machine.
	 */
	STOREFRONT_API_URL: z
		.url('STOREFRONT_API_URL deve ser uma URL')
		.refine(
			(value) => /^https:\/\//i.test(value) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/i.test(value),
			'STOREFRONT_API_URL deve começar com https:// (http:// só para 127.0.0.1 ou localhost)',
		)
		.optional(),
	/**
	 * Card payments (decision 019). 'test': the embedded test provider charges the documented
	 * test cards (no money moves) and such orders are marked 'Teste'. 'live': the test provider
	 * is refused; with no real provider configured, card payment is unavailable (PIX still works).
	 */
	PAYMENT_MODE: z.enum(['test', 'live'], 'PAYMENT_MODE deve ser test ou live').default('test'),
	/**
	 * PIX (issue 29, decision 075): 'static' (default) shows a static BR Code for the store's key and
	 * the owner confirms payments by hand; 'api-pix' creates a dynamic charge at the PSP through the
	 * Banco Central's API Pix and confirms it by the PSP's webhook, re-checked with the PSP.
	 */
	PIX_PROVIDER: z.enum(['static', 'api-pix'], 'PIX_PROVIDER deve ser static ou api-pix').default('static'),
	/** Base URL of the PSP's API Pix (e.g. https://pix.banco.com.br/api/v2); https except on this machine. */
	PIX_API_URL: z
		.url('PIX_API_URL deve ser uma URL (ex.: https://pix.seubanco.com.br/api/v2)')
		.refine((value) => /^https:\/\//i.test(value) || isLoopbackHttp(value), 'PIX_API_URL deve começar com https:// (http:// só para 127.0.0.1 ou localhost)')
		.transform((value) => value.replace(/\/+$/, ''))
		.optional(),
	/** The PSP's OAuth2 token endpoint (client credentials). */
	PIX_OAUTH_URL: z
		.url('PIX_OAUTH_URL deve ser uma URL (ex.: https://oauth.seubanco.com.br/oauth/token)')
		.refine((value) => /^https:\/\//i.test(value) || isLoopbackHttp(value), 'PIX_OAUTH_URL deve começar com https:// (http:// só para 127.0.0.1 ou localhost)')
		.optional(),
	PIX_CLIENT_ID: z.string().trim().min(1).max(500, 'PIX_CLIENT_ID é longo demais').optional(),
	PIX_CLIENT_SECRET: z.string().min(1).max(2000, 'PIX_CLIENT_SECRET é longo demais').optional(),
	/** The mutual-TLS client certificate and its key (PEM files) the PSP issued. */
	PIX_CERT_FILE: z.string().min(1).optional(),
	PIX_CERT_KEY_FILE: z.string().min(1).optional(),
	/** Secret path segment of the webhook URL (PUBLIC_URL/webhooks/pix/<token>): 32+ letters, digits, - or _. */
	PIX_WEBHOOK_TOKEN: z
		.string()
		.regex(/^[A-Za-z0-9_-]{32,128}$/, 'PIX_WEBHOOK_TOKEN deve ter de 32 a 128 letras, números, - ou _ (gere com: openssl rand -hex 32)')
		.optional(),
	/**
	 * Cards through Mercado Pago's Checkout API (issue 29, decision 077): with PAYMENT_MODE=live and
	 * these set, cards are charged by Mercado Pago. The access token and the webhook secret are
	 * secrets (never logged nor shown); the public key goes to the browser SDK.
	 */
	MERCADOPAGO_ACCESS_TOKEN: z
		.string()
		.trim()
		.regex(/^[A-Za-z0-9_-]{10,300}$/, 'MERCADOPAGO_ACCESS_TOKEN inválido (copie o Access Token de "Suas integrações" → Credenciais, ex.: APP_USR-…)')
		.optional(),
	MERCADOPAGO_PUBLIC_KEY: z
		.string()
		.trim()
		.regex(/^[A-Za-z0-9_-]{10,200}$/, 'MERCADOPAGO_PUBLIC_KEY inválida (copie a Public Key de "Suas integrações" → Credenciais, ex.: APP_USR-…)')
		.optional(),
	MERCADOPAGO_WEBHOOK_SECRET: z
		.string()
		.min(16, 'MERCADOPAGO_WEBHOOK_SECRET deve ter pelo menos 16 caracteres (a assinatura secreta dos Webhooks no painel)')
		.max(500, 'MERCADOPAGO_WEBHOOK_SECRET é longo demais')
		.optional(),
	/** Mercado Pago's API; tests point it at a local fake (http:// only on this machine). */
	MERCADOPAGO_API_URL: z
		.url('MERCADOPAGO_API_URL deve ser uma URL')
		.refine((value) => /^https:\/\//i.test(value) || isLoopbackHttp(value), 'MERCADOPAGO_API_URL deve começar com https:// (http:// só para 127.0.0.1 ou localhost)')
		.transform((value) => value.replace(/\/+$/, ''))
		.default('https://api.mercadopago.com'),
	/** Mercado Pago's browser SDK (MercadoPago.js v2); tests serve a fake. */
	MERCADOPAGO_SDK_URL: z
		.url('MERCADOPAGO_SDK_URL deve ser uma URL')
		.refine((value) => /^https:\/\//i.test(value) || isLoopbackHttp(value), 'MERCADOPAGO_SDK_URL deve começar com https:// (http:// só para 127.0.0.1 ou localhost)')
		.default('https://sdk.mercadopago.com/js/v2'),
	/**
	 * Carrier quotes through Melhor Envio (issue 32, decision 087): with a token, checkout asks
	 * Melhor Envio; without one (or when it fails) the regional table answers. A secret: never
	 * logged nor shown. The token is a JWT made in Melhor Envio's panel (Integrações → Permissões
	 * de acesso → Gerar novo token), with the 'shipping-calculate' scope at least.
	 */
	MELHOR_ENVIO_TOKEN: z
		.string()
		.trim()
		.regex(/^[A-Za-z0-9._-]{20,4000}$/, 'MELHOR_ENVIO_TOKEN inválido (copie o token gerado no painel do Melhor Envio em Integrações → Permissões de acesso)')
		.optional(),
	/** Melhor Envio's host: production by default, https://sandbox.melhorenvio.com.br for its sandbox; tests point it at a local fake. */
	MELHOR_ENVIO_API_URL: z
		.url('MELHOR_ENVIO_API_URL deve ser uma URL (ex.: https://sandbox.melhorenvio.com.br)')
		.refine((value) => /^https:\/\//i.test(value) || isLoopbackHttp(value), 'MELHOR_ENVIO_API_URL deve começar com https:// (http:// só para 127.0.0.1 ou localhost)')
		.transform((value) => value.replace(/\/+$/, ''))
		.default('https://melhorenvio.com.br'),
	/** How long a quote may take before the regional table answers instead (ms). */
	MELHOR_ENVIO_TIMEOUT_MS: z.coerce
		.number({ error: 'MELHOR_ENVIO_TIMEOUT_MS deve ser um número de milissegundos' })
		.int('MELHOR_ENVIO_TIMEOUT_MS deve ser um número inteiro de milissegundos')
		.min(200, 'MELHOR_ENVIO_TIMEOUT_MS deve ser de pelo menos 200 ms')
		.max(15_000, 'MELHOR_ENVIO_TIMEOUT_MS deve ser de no máximo 15000 ms')
		.default(3_000),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	/** Orders one client address / one e-mail may place per hour (decision 20). */
	CHECKOUT_ORDERS_PER_HOUR_PER_ADDRESS: z.coerce
		.number()
		.int('CHECKOUT_ORDERS_PER_HOUR_PER_ADDRESS deve ser um número inteiro')
		.min(1, 'CHECKOUT_ORDERS_PER_HOUR_PER_ADDRESS deve ser pelo menos 1')
		.default(10),
	CHECKOUT_ORDERS_PER_HOUR_PER_EMAIL: z.coerce
		.number()
		.int('CHECKOUT_ORDERS_PER_HOUR_PER_EMAIL deve ser um número inteiro')
		.min(1, 'CHECKOUT_ORDERS_PER_HOUR_PER_EMAIL deve ser pelo menos 1')
		.default(5),
	/**
	 * The address service the checkout asks to fill street, district and city from the CEP
	 * (issue 13): a URL with '{cep}' answering ViaCEP's JSON, or 'off' (then only the offline
	 * CEP ranges fill state and capital city). Asked with a short timeout; never required.
	 */
	CEP_LOOKUP_URL: z
		.string()
		.default('https://viacep.com.br/ws/{cep}/json/')
		.refine(
			(value) => value === 'off' || (/^https?:\/\/[^\s]+$/i.test(value) && value.includes('{cep}')),
			"CEP_LOOKUP_URL deve ser 'off' ou uma URL http(s) com {cep}",
		),
	/**
	 * The assistant's model (issue 12, decision 044): an OpenAI-compatible endpoint (base URL, e.g.
	 * https://api.openai.com/v1, or the full …/chat/completions). Unset: the embedded assistant
	 * answers, with no outside service. https only, except on this machine (127.0.0.1, localhost).
	 */
	ARIA_API_URL: z
		.url('ARIA_API_URL deve ser uma URL')
		.refine(
			(value) => /^https:\/\//i.test(value) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/i.test(value),
			'ARIA_API_URL deve começar com https:// (http:// só para 127.0.0.1 ou localhost)',
		)
		.optional(),
	ARIA_API_KEY: z.string().min(1).optional(),
	/** The model's name at that endpoint, e.g. gpt-4o-mini; required with ARIA_API_URL. */
	ARIA_MODEL: z.string().min(1).max(200).optional(),
	/** How long the model may take to start answering, and to send each next piece. */
	ARIA_API_TIMEOUT_MS: z.coerce
		.number()
		.int('ARIA_API_TIMEOUT_MS deve ser um número inteiro')
		.min(1000, 'ARIA_API_TIMEOUT_MS deve ser pelo menos 1000')
		.max(120_000, 'ARIA_API_TIMEOUT_MS deve ser no máximo 120000')
		.default(20_000),
	/** Chat messages one browser session / one client address may send per 10 minutes (decision 9). */
	ARIA_MESSAGES_PER_SESSION: z.coerce
		.number()
		.int('ARIA_MESSAGES_PER_SESSION deve ser um número inteiro')
		.min(1, 'ARIA_MESSAGES_PER_SESSION deve ser pelo menos 1')
		.default(30),
	ARIA_MESSAGES_PER_ADDRESS: z.coerce
		.number()
		.int('ARIA_MESSAGES_PER_ADDRESS deve ser um número inteiro')
		.min(1, 'ARIA_MESSAGES_PER_ADDRESS deve ser pelo menos 1')
		.default(120),
	/**
	 * Issue 14: anonymous storefront pages served from memory until a store event (decision 045).
	 * 'off' renders every request (the uncached benchmark, tests that write the database directly).
	 */
	PAGE_CACHE: z
		.enum(['on', 'off'], 'PAGE_CACHE deve ser on ou off')
		.default('on')
		.transform((v) => v === 'on'),
	/**
	 * Decision 055, for the guard's HTTP test only: exact paths (comma-separated) the page cache
	 * tries besides its storefront list. The test lists /user/dashboard, whose render reads the
	 * session: the guard must keep it out of the cache. Empty in use.
	 */
	PAGE_CACHE_ALSO: z
		.string()
		.default('')
		.transform((v) =>
			v
				.split(',')
				.map((path) => path.trim())
				.filter((path) => path.startsWith('/')),
		),
	/**
	 * Issue 14: the catalogue's reads kept in memory until the next store event (decision 050).
	 * 'off' reads the provider every time (tests that write the database directly).
	 */
	CATALOGUE_CACHE: z
		.enum(['on', 'off'], 'CATALOGUE_CACHE deve ser on ou off')
		.default('on')
		.transform((v) => v === 'on'),
	/**
	 * Issue 14: one line per request on stdout (`request-metrics {json}`: path, status, database
	 * queries, milliseconds until the response finished), read by `npm run bench`. Off in use.
	 */
	REQUEST_METRICS: z
		.enum(['on', 'off'], 'REQUEST_METRICS deve ser on ou off')
		.default('off')
		.transform((v) => v === 'on'),
	/**
	 * Issue 14: how long the header's search suggestions are reused per query (decision 047);
	 * store events empty them sooner. 0 searches every time (the benchmark's uncached figures).
	 */
	SEARCH_CACHE_MS: z.coerce
		.number()
		.int('SEARCH_CACHE_MS deve ser um número inteiro')
		.min(0, 'SEARCH_CACHE_MS deve ser 0 ou mais')
		.max(60_000, 'SEARCH_CACHE_MS deve ser no máximo 60000')
		.default(5000),
	/**
	 * Where uploads and image variants live (issue 33, decision 080): 'local' (DATA_DIR/uploads and
	 * DATA_DIR/cache/images) or 's3', an S3-compatible bucket shared by every app server.
	 */
	STORAGE_DRIVER: z.enum(['local', 's3'], 'STORAGE_DRIVER deve ser local ou s3').default('local'),
	/** The S3 API's address; unset: AWS S3 in S3_REGION. MinIO, Garage, Ceph, R2… give theirs. */
	S3_ENDPOINT: z
		.url('S3_ENDPOINT deve ser uma URL (ex.: https://s3.us-east-1.amazonaws.com ou http://minio.interno:9000)')
		.regex(/^https?:\/\//i, 'S3_ENDPOINT deve começar com http:// ou https://')
		.transform((value) => value.replace(/\/+$/, ''))
		.optional(),
	S3_BUCKET: z
		.string()
		.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET deve ser o nome de um bucket (3 a 63 letras minúsculas, números, pontos ou hífens)')
		.optional(),
	S3_REGION: z
		.string()
		.regex(/^[a-z0-9-]{2,40}$/, 'S3_REGION deve ser o nome de uma região (ex.: us-east-1, sa-east-1, auto)')
		.default('us-east-1'),
	S3_ACCESS_KEY_ID: z.string().trim().min(1).max(256, 'S3_ACCESS_KEY_ID é longo demais').optional(),
	S3_SECRET_ACCESS_KEY: z.string().min(1).max(512, 'S3_SECRET_ACCESS_KEY é longo demais').optional(),
	/** Path-style addressing (host/bucket/key): MinIO, Garage, Ceph and most self-hosted servers need it. */
	S3_FORCE_PATH_STYLE: z
		.enum(['true', 'false'], 'S3_FORCE_PATH_STYLE deve ser true ou false')
		.default('false')
		.transform((v) => v === 'true'),
	/** A CDN (or the bucket's public address) serving the public prefixes: product pictures and banner videos. */
	S3_PUBLIC_URL: z
		.url('S3_PUBLIC_URL deve ser uma URL (ex.: https://cdn.minhaloja.com.br)')
		.regex(/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/i, 'S3_PUBLIC_URL deve começar com https:// (http:// só para 127.0.0.1 ou localhost)')
		.transform((value) => value.replace(/\/+$/, ''))
		.optional(),
	/**
	 * The Bearer token /metrics asks for (issue 33, decision 081). Unset: /metrics answers 404, as if
	 * it did not exist.
	 */
	METRICS_TOKEN: z
		.string()
		.regex(/^[\x21-\x7e]{32,256}$/, 'METRICS_TOKEN deve ter de 32 a 256 caracteres visíveis, sem espaços (gere com: openssl rand -hex 32)')
		.optional(),
	/** Skip demo data on an empty database (production shops with their own catalogue). */
	SEED_DEMO: z
		.enum(['true', 'false'])
		.default('true')
		.transform((v) => v === 'true'),
})

/** Rules across variables. */
const envSchema = envFields.superRefine((env, ctx) => {
	if (typeof env.WEB_CONCURRENCY === 'number' && env.WEB_CONCURRENCY > 1 && !isPostgresUrl(env.DATABASE_URL)) {
		ctx.addIssue({
			code: 'custom',
			path: ['WEB_CONCURRENCY'],
			message:
				'WEB_CONCURRENCY acima de 1 exige PostgreSQL (DATABASE_URL=postgres://…): o banco embutido só pode ser aberto por um processo',
		})
	}
	if (env.ARIA_API_URL && !env.ARIA_MODEL) {
		ctx.addIssue({ code: 'custom', path: ['ARIA_MODEL'], message: 'ARIA_MODEL é obrigatório quando ARIA_API_URL está definido' })
	}
	if (env.PIX_PROVIDER === 'api-pix') {
		const required = ['PIX_API_URL', 'PIX_OAUTH_URL', 'PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_WEBHOOK_TOKEN'] as const
		for (const name of required) {
			if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} é obrigatório quando PIX_PROVIDER=api-pix` })
		}
		// Mutual TLS: PSPs require the client certificate; only a loopback http:// fake (tests) goes without.
		const loopbackOnly = [env.PIX_API_URL, env.PIX_OAUTH_URL].every((url) => url === undefined || isLoopbackHttp(url))
		for (const name of ['PIX_CERT_FILE', 'PIX_CERT_KEY_FILE'] as const) {
			if (!env[name] && !loopbackOnly) {
				ctx.addIssue({
					code: 'custom',
					path: [name],
					message: `${name} é obrigatório quando PIX_PROVIDER=api-pix (o certificado de cliente mTLS que o PSP emitiu, em PEM)`,
				})
			}
		}
		if (Boolean(env.PIX_CERT_FILE) !== Boolean(env.PIX_CERT_KEY_FILE)) {
			ctx.addIssue({ code: 'custom', path: ['PIX_CERT_KEY_FILE'], message: 'PIX_CERT_FILE e PIX_CERT_KEY_FILE vão juntos (certificado e chave privada)' })
		}
	}
	const mercadoPago = ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_PUBLIC_KEY', 'MERCADOPAGO_WEBHOOK_SECRET'] as const
	if (mercadoPago.some((name) => env[name])) {
		for (const name of mercadoPago) {
			if (!env[name]) {
				ctx.addIssue({
					code: 'custom',
					path: [name],
					message: `${name} é obrigatório com as outras credenciais do Mercado Pago (Access Token, Public Key e assinatura secreta dos Webhooks vão juntos)`,
				})
			}
		}
	}
	if (env.STORAGE_DRIVER === 's3') {
		for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
			if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} é obrigatório quando STORAGE_DRIVER=s3` })
		}
	}
	if (env.COMMERCE_PROVIDER === 'storefront') {
		if (!env.STOREFRONT_TOKEN) {
			ctx.addIssue({
				code: 'custom',
				path: ['STOREFRONT_TOKEN'],
				message: 'STOREFRONT_TOKEN é obrigatório quando COMMERCE_PROVIDER=storefront',
			})
		}
		if (!env.STOREFRONT_DOMAIN && !env.STOREFRONT_API_URL) {
			ctx.addIssue({
				code: 'custom',
				path: ['STOREFRONT_DOMAIN'],
				message: 'STOREFRONT_DOMAIN (ou STOREFRONT_API_URL) é obrigatório quando COMMERCE_PROVIDER=storefront',
			})
		}
	}
})

export type Env = z.infer<typeof envSchema>

/** http:// to this machine only: the tests' fakes. */
function isLoopbackHttp(url: string): boolean {
	return /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/i.test(url)
}

function isPostgresUrl(url: string | undefined): boolean {
	return url !== undefined && /^postgres(ql)?:\/\//.test(url)
}

/**
 * 'auto' stops here: each process keeps a pool of 10 connections (db.server.ts), and four of
 * them stay well inside PostgreSQL's default of 100 connections with room for a second server.
 */
export const MAX_AUTO_WORKERS = 4

/** How many server processes to run (WEB_CONCURRENCY resolved against the machine's cores). */
export function workerCount(env: Pick<Env, 'WEB_CONCURRENCY' | 'DATABASE_URL'>, cores: number): number {
	if (typeof env.WEB_CONCURRENCY === 'number') return env.WEB_CONCURRENCY
	return isPostgresUrl(env.DATABASE_URL) ? Math.max(1, Math.min(cores, MAX_AUTO_WORKERS)) : 1
}

/** How long a stopping server drains before closing its listener (decision 131). */
export function shutdownDrainMs(env: Pick<Env, 'SHUTDOWN_DRAIN_SECONDS' | 'TRUST_PROXY'>): number {
	const seconds = env.SHUTDOWN_DRAIN_SECONDS ?? (env.TRUST_PROXY === false ? 0 : 5)
	return seconds * 1000
}

export function parseEnv(source: Record<string, string | undefined>): Env {
	// Empty strings in .env files mean "unset", not "invalid".
	const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
	const result = envSchema.safeParse(cleaned)
	if (!result.success) {
		const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`)
		throw new Error(`Configuração inválida no ambiente:\n${lines.join('\n')}`)
	}
	return result.data
}

let cached: Env | undefined
export function getEnv(): Env {
	cached ??= parseEnv(process.env)
	return cached
}

/** Tests change process.env between suites; this forgets the parsed copy. */
export function resetEnvForTests() {
	cached = undefined
}

/**
 * The shop's public origin, from configuration only: never from the request, whose Host and
 * X-Forwarded-Host a client chooses (a reset link built from them hands the token to whoever
 * sent the request). Without PUBLIC_URL the shop only answers on localhost (server/host-check.ts).
 */
export function publicUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'> = getEnv()): string {
	return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`
}

/** The Storefront API's GraphQL endpoint: STOREFRONT_API_URL, else the store's versioned one. */
export function storefrontEndpoint(env: Pick<Env, 'STOREFRONT_API_URL' | 'STOREFRONT_DOMAIN' | 'STOREFRONT_API_VERSION'>): string {
	if (env.STOREFRONT_API_URL) return env.STOREFRONT_API_URL
	if (!env.STOREFRONT_DOMAIN) throw new Error('STOREFRONT_DOMAIN ou STOREFRONT_API_URL não configurado')
	return `https://${env.STOREFRONT_DOMAIN}/api/${env.STOREFRONT_API_VERSION}/graphql.json`
}

/** What Express's 'trust proxy' setting receives: never `true`. */
export type TrustProxy = false | number | string[]

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrCidr(entry: string): boolean {
	if (TRUST_PROXY_NAMES.has(entry)) return true
	const [address = '', prefix, ...rest] = entry.split('/')
	const version = isIP(address)
	if (version === 0 || rest.length > 0) return false
	if (prefix === undefined) return true
	const bits = Number(prefix)
	return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128)
}

function parseTrustProxy(raw: string, context: z.RefinementCtx): TrustProxy {
	const value = raw.trim().toLowerCase()
	if (value === 'false' || value === '0') return false
	if (value === 'true') {
		context.addIssue({
			code: 'custom',
			message:
				'TRUST_PROXY=true confiaria em qualquer X-Forwarded-For (o cliente escolheria o próprio endereço). Use o número de proxies na frente da loja (ex.: TRUST_PROXY=1) ou os endereços deles (ex.: TRUST_PROXY=10.0.0.5,10.0.1.0/24).',
		})
		return z.NEVER
	}
	if (/^\d+$/.test(value)) {
		const hops = Number(value)
		if (hops <= 10) return hops
	}
	const entries = value
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean)
	if (entries.length > 0 && entries.every(isAddressOrCidr)) return entries
	context.addIssue({
		code: 'custom',
		message: 'TRUST_PROXY deve ser false, um número de proxies (1 a 10) ou uma lista de endereços/CIDRs separados por vírgula.',
	})
	return z.NEVER
}
