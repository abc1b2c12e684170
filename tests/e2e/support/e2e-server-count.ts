/**
 * How many production servers (and vitest workers) the e2e run uses (decision 074). Default 2: two
 * files at a time, each with a server of its own (the stage went from 20 min 34 s on CI with one to
 * 10 min 33 s here with two, on a machine loaded by other work). E2E_SERVERS=1 runs one file after
 * another on one server. The storefront run uses as many, each app server with a fake Storefront
 * server of its own, so one file's queued failures never reach another's (support/provider.ts).
 */
export function e2eServerCount(): number {
	const configured = Number(process.env.E2E_SERVERS ?? '2')
	return Number.isInteger(configured) && configured >= 1 ? configured : 1
}
