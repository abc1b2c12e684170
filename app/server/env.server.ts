import { z } from 'zod'

/**
 * Every environment variable the shop reads, validated once at start-up.
 * `.env.example` documents each one; keep the two in step.
 */
const envSchema = z.object({
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
	ADMIN_EMAIL: z.email('ADMIN_EMAIL deve ser um e-mail válido').optional(),
	ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD deve ter pelo menos 8 caracteres').optional(),
	/** smtp://user:pass@host:port or smtps://…; unset stores mail in the outbox table. */
	SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL deve começar com smtp:// ou smtps://').optional(),
	MAIL_FROM: z.string().min(3).default('Loja <nao-responda@localhost>'),
	/** The address shoppers use, for links in e-mails, canonical URLs and the sitemap. */
	PUBLIC_URL: z.url('PUBLIC_URL deve ser uma URL').optional(),
	/** Behind a load balancer or reverse proxy: trust X-Forwarded-For for the client address. */
	TRUST_PROXY: z
		.enum(['true', 'false'])
		.default('false')
		.transform((v) => v === 'true'),
	/**
	 * Where the catalogue, carts and checkout come from. 'builtin' is our own database; the
	 * hosted Storefront API provider ('storefront') is added by a later issue.
	 */
	COMMERCE_PROVIDER: z.enum(['builtin'], 'COMMERCE_PROVIDER deve ser builtin').default('builtin'),
	/**
	 * Card payments (decision 019). 'test': the embedded test provider charges the documented
	 * test cards (no money moves) and such orders are marked 'Teste'. 'live': the test provider
	 * is refused; with no real provider configured, card payment is unavailable (PIX still works).
	 */
	PAYMENT_MODE: z.enum(['test', 'live'], 'PAYMENT_MODE deve ser test ou live').default('test'),
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
	/** Skip demo data on an empty database (production shops with their own catalogue). */
	SEED_DEMO: z
		.enum(['true', 'false'])
		.default('true')
		.transform((v) => v === 'true'),
})

export type Env = z.infer<typeof envSchema>

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

export function publicUrl(request?: Request): string {
	const configured = getEnv().PUBLIC_URL
	if (configured) return configured.replace(/\/$/, '')
	if (request) return new URL(request.url).origin
	return `http://localhost:${getEnv().PORT}`
}
