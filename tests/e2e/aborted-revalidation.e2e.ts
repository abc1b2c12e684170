import { describe, expect, test } from 'vitest'
import { DESKTOP, expectNoPageErrors, setupBrowser } from './support/browser'

const browser = setupBrowser()

/**
 * A revalidation replaced by another one is aborted by React Router; that must not show as an
 * error in the page (decision 023: under load, 'signal is aborted without reason' failed
 * account-favorites.e2e.ts). The timing of a busy machine is made deterministic: the first
 * loader-data response delivers its first line and then stalls, and the moment React Router
 * asks for the rest (its decoder has returned the data, the revalidation is not committed yet)
 * a second revalidation starts and aborts it; the aborted body errors as the browser's does.
 * Before the fix this gave exactly the two page errors seen in CI.
 */
describe('an interrupted revalidation', () => {
	test('is not an error in the page', async () => {
		const page = await browser.newPage(DESKTOP)
		await page.goto('/categoria/bandana')
		// Initialised: the root's clientLoader (the visitor's data, decision 049) has run once, so
		// the revalidation below is the only loading going on.
		await page.waitForFunction(() => {
			const router = (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean; revalidation: string } } })
				.__reactRouterDataRouter
			return router?.state.initialized === true && router.state.revalidation === 'idle'
		})
		const steps = await page.evaluate(async () => {
			const router = (window as unknown as { __reactRouterDataRouter: { revalidate(): Promise<void> } }).__reactRouterDataRouter
			const log: string[] = []
			const realFetch = window.fetch
			let dataRequests = 0
			let second: Promise<void> | undefined
			window.fetch = async (input, init) => {
				const response = await realFetch(input, init)
				const url = input instanceof Request ? input.url : String(input)
				if (!url.includes('.data') || dataRequests++ > 0) return response
				const text = await response.text()
				const newline = text.indexOf('\n')
				const firstLine = newline === -1 ? `${text}\n` : text.slice(0, newline + 1)
				const signal = init?.signal
				const body = new ReadableStream<Uint8Array>(
					{
						start(controller) {
							controller.enqueue(new TextEncoder().encode(firstLine))
							signal?.addEventListener('abort', () => {
								log.push('aborted')
								controller.error(signal.reason)
							})
						},
						pull() {
							if (second) return new Promise<void>(() => {})
							log.push('second revalidation')
							second = router.revalidate()
							return new Promise<void>(() => {})
						},
					},
					{ highWaterMark: 0 },
				)
				return new Response(body, { status: response.status, headers: response.headers })
			}
			try {
				await router.revalidate()
				await second
			} finally {
				window.fetch = realFetch
			}
			// Unhandled rejections are reported after a task: give them the time.
			await new Promise((resolve) => setTimeout(resolve, 300))
			return log
		})
		expect(steps).toEqual(['second revalidation', 'aborted'])
		expectNoPageErrors(page)
	})
})
