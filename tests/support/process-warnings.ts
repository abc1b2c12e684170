/**
 * Which Node process warnings a test run tolerates. Any other warning (TimeoutOverflowWarning,
 * MaxListenersExceededWarning, an unhandled-rejection warning, ExperimentalWarning…) fails the
 * run: in the test process (tests/setup/setup-test-env.ts) and in the production servers the
 * tests start (tests/support/app-server.ts). Decision 023.
 */
export type AllowedWarning = { name: string; code?: string; reason: string }

/**
 * Empty on purpose: no warning is expected today. Add one only with the reason it is harmless,
 * e.g. a DeprecationWarning (name 'DeprecationWarning', its code such as 'DEP0040') raised
 * inside a dependency that has no release without it yet.
 */
export const ALLOWED_WARNINGS: readonly AllowedWarning[] = []

export function isAllowedWarning(warning: { name: string; code?: string }): boolean {
	return ALLOWED_WARNINGS.some(
		(allowed) => allowed.name === warning.name && (allowed.code === undefined || allowed.code === warning.code),
	)
}

/**
 * The warnings Node printed in a child process's output: "(node:1234) TimeoutOverflowWarning: …",
 * or with a code "(node:1234) [DEP0040] DeprecationWarning: …". Those on the allow-list are left out.
 */
export function warningsInOutput(output: string): string[] {
	const found: string[] = []
	for (const match of output.matchAll(/^\(node:\d+\) (?:\[(\w+)\] )?(\w*Warning): (.*)$/gm)) {
		const [line, code, name] = match
		if (!name || isAllowedWarning({ name, code })) continue
		found.push(line)
	}
	return found
}
