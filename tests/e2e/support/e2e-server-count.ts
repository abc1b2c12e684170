/**
 * How many production servers (and vitest workers) the e2e run uses (decision 074): two files at
 * a time, each with a server of its own. E2E_SERVERS overrides (1: one file after another, as
 * before). The storefront run keeps one: its files drive the one fake Storefront server's shared
 * failure queue (support/provider.ts).
 */
export function e2eServerCount(): number {
	if (process.env.E2E_PROVIDER === 'storefront') return 1
	const configured = Number(process.env.E2E_SERVERS ?? '2')
	return Number.isInteger(configured) && configured >= 1 ? configured : 2
}
