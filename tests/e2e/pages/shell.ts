import type { Page, Request } from 'playwright-core'
import { pageErrorsOf } from '../support/browser'
import { whatThePageShows } from '../support/page-shows'

/**
 * Each page's last answers (posts, loader data, route discovery, and whether the visitor's carried
 * a toast) and the requests still unanswered, for a failure
 * to say what the server said (ci42's and ci45's missing toasts: in ci45 the save's POST was not
 * among the answers at all).
 */
const answersOf = new WeakMap<Page, string[]>()
/** POSTs sent and not answered yet, with when they left: a save that hangs is named as such. */
const pendingPostsOf = new WeakMap<Page, Map<Request, number>>()
function recordAnswers(page: Page) {
	if (answersOf.has(page)) return
	const answers: string[] = []
	answersOf.set(page, answers)
	const pending = new Map<Request, number>()
	pendingPostsOf.set(page, pending)
	const keep = (line: string) => {
		answers.push(line)
		if (answers.length > 12) answers.shift()
	}
	// Every request but the live event stream, which stays open by design.
	page.on('request', (request) => {
		if (!request.url().includes('/resources/events')) pending.set(request, Date.now())
	})
	page.on('requestfinished', (request) => pending.delete(request))
	page.on('requestfailed', (request) => {
		if (!pending.delete(request)) return
		keep(`falhou ${request.method()} ${new URL(request.url()).pathname}: ${request.failure()?.errorText ?? ''}`)
	})
	page.on('response', (response) => {
		const url = new URL(response.url())
		if (response.request().method() === 'POST' || url.pathname.endsWith('.data') || url.pathname === '/__manifest')
			keep(`${response.status()} ${response.request().method()} ${url.pathname}`)
		else if (url.pathname === '/resources/visitor')
			void response
				.text()
				.then((body) => keep(`${response.status()} GET /resources/visitor ${/"toast":\{/.test(body) ? 'com aviso' : 'sem aviso'}`))
				.catch(() => keep(`${response.status()} GET /resources/visitor (sem corpo)`))
	})
}

/** The shop's header and toasts, as a shopper meets them. */
export class Shell {
	constructor(private readonly page: Page) {
		recordAnswers(page)
	}

	/**
	 * Waits for a toast (sonner) whose text contains `text` to have been shown on this page (every
	 * page keeps the toasts it showed: support/browser.ts); 20 s, as a loaded CI machine may take.
	 * When none comes, the failure says what the page shows instead, the toasts it did show, and
	 * what its last posts and visitor answers were.
	 */
	async toast(text: string) {
		await this.page
			.waitForFunction(
				(wanted) => {
					// A toast answers each text once: a second wait for the same text needs a second toast
					// (its title and its description may be two waits on one toast).
					const shown = (window as unknown as { __toasts?: { text: string; awaited: string[] }[] }).__toasts ?? []
					const toast = shown.find((candidate) => candidate.text.includes(wanted) && !candidate.awaited.includes(wanted))
					toast?.awaited.push(wanted)
					return toast !== undefined
				},
				text,
				{ timeout: 20_000 },
			)
			.catch(async (error: unknown) => {
				const shown = await whatThePageShows(this.page)
				const outlet = await this.page
					.evaluate(() => ({
						hydrated: document.documentElement.dataset.hydrated ?? 'não',
						toaster: document.querySelector('section[aria-label*="Notifications"]') !== null,
						toastsShown: (window as unknown as { __toasts?: { text: string }[] }).__toasts?.map((toast) => toast.text) ?? null,
					}))
					.catch(() => null)
				const unanswered = [...(pendingPostsOf.get(this.page) ?? new Map<Request, number>())].map(
					([request, sentAt]) => `${request.method()} ${new URL(request.url()).pathname} há ${Math.round((Date.now() - sentAt) / 1000)} s`,
				)
				throw new Error(
					`${String(error)}\nna página ${this.page.url()} (${JSON.stringify(outlet)}): ${JSON.stringify(shown)}\núltimas respostas: ${JSON.stringify(answersOf.get(this.page) ?? [])}\nsem resposta: ${JSON.stringify(unanswered)}\nerros da página: ${JSON.stringify(pageErrorsOf(this.page))}`,
				)
			})
	}

	async openAccountMenu() {
		await this.page.getByRole('button', { name: 'Minha Conta' }).click()
	}

	async signOut() {
		await this.openAccountMenu()
		await this.page.getByRole('banner').getByRole('button', { name: 'Sair' }).click()
	}

	async toggleTheme() {
		await this.page.getByRole('banner').getByRole('button', { name: 'Alternar tema' }).first().click()
	}

	async isDark() {
		return this.page.evaluate(() => document.documentElement.classList.contains('dark'))
	}
}
