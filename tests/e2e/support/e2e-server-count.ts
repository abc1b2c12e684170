/**
 * How many production servers (and vitest workers) the e2e run uses (decision 074). Default 1: one
 * file after another on one server, as before, until two workers are shown to pass three runs in a
 * row on the two-core CI machine (the one trial, on a machine loaded by other work, timed out one
 * 60 s test). E2E_SERVERS=2 runs two files at a time, each with a server of its own. The
 * storefront run keeps one: its files drive the one fake Storefront server's shared failure queue
 * (support/provider.ts).
 */
export function e2eServerCount(): number {
	if (process.env.E2E_PROVIDER === 'storefront') return 1
	const configured = Number(process.env.E2E_SERVERS ?? '1')
	return Number.isInteger(configured) && configured >= 1 ? configured : 1
}
