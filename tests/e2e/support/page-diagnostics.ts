import type { Page, Request } from 'playwright-core'
import pg from 'pg'
import { whatThePageShows } from './page-shows'

/**
 * What each page asked the server and what it answered, for a failed test to say where a journey
 * stopped. A family of failures on loaded CI machines looked alike (ci45's settings save, ci47's
 * 'Criar produto', a loaded pass's second card payment): a click, then nothing. Whether the post
 * left, was answered, or still waits (and on what, in the database) tells a click that never
 * reached the page from a server that never answered.
 */
type Traffic = { answers: { line: string; at: number }[]; pending: Map<Request, number> }
const records = new WeakMap<Page, Traffic>()

/** A form post's intent (which button sent it), when it has one. Only URL-encoded bodies are read: a multi-MB upload is not decoded for it. */
function intentOf(request: Request): string {
	const encoded = request.method() === 'POST' && (request.headers()['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
	const body = encoded ? request.postData() : null
	const intent = body ? new URLSearchParams(body).get('intent') : null
	return intent ? ` intent=${intent}` : ''
}

/** Starts recording a page's requests and answers (every page `setupBrowser` opens). */
export function recordTraffic(page: Page) {
	if (records.has(page)) return
	const record: Traffic = { answers: [], pending: new Map() }
	records.set(page, record)
	const keep = (line: string) => {
		record.answers.push({ line, at: Date.now() })
		if (record.answers.length > 16) record.answers.shift()
	}
	// Every request but the live event stream, which stays open by design.
	page.on('request', (request) => {
		if (!request.url().includes('/resources/events')) record.pending.set(request, Date.now())
	})
	page.on('requestfinished', (request) => record.pending.delete(request))
	page.on('requestfailed', (request) => {
		if (!record.pending.delete(request)) return
		keep(`falhou ${request.method()} ${new URL(request.url()).pathname}${intentOf(request)}: ${request.failure()?.errorText ?? ''}`)
	})
	page.on('response', (response) => {
		const url = new URL(response.url())
		const request = response.request()
		if (request.method() === 'POST' || url.pathname.endsWith('.data') || url.pathname === '/__manifest' || request.resourceType() === 'document')
			keep(`${response.status()} ${request.method()} ${url.pathname}${intentOf(request)}`)
		else if (url.pathname === '/resources/visitor')
			void response
				.text()
				.then((body) => keep(`${response.status()} GET /resources/visitor ${/"toast":\{/.test(body) ? 'com aviso' : 'sem aviso'}`))
				.catch(() => keep(`${response.status()} GET /resources/visitor (sem corpo)`))
	})
}

/**
 * Runs in every page before its own scripts (an init script: self-contained): keeps in
 * `window.__activity` the page's last presses, releases and clicks (where they landed, the scroll
 * position), its layout shifts and its form submissions. A submission the page handled itself
 * (React Router's forms post with fetch, so they always stop the browser's own) is told from one
 * the browser sent (a window listener in the bubbling phase runs after React's, on the document);
 * whether the page then posted is in the requests.
 */
export function recordActivityInPage() {
	const activity: { what: string; at: number }[] = []
	;(window as unknown as { __activity: typeof activity }).__activity = activity
	const keep = (what: string) => {
		activity.push({ what, at: Date.now() })
		if (activity.length > 30) activity.shift()
	}
	const name = (element: Element | null) =>
		element
			? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`
			: 'nada'
	// Every press and click, wherever it lands (a click whose press and release landed on different
	// elements goes to their common ancestor): where a tap went when nothing followed it.
	let pressed: Element | null = null
	for (const type of ['pointerdown', 'pointerup', 'click'] as const)
		window.addEventListener(
			type,
			(event) => {
				const target = event.target instanceof Element ? event.target : null
				const control = target?.closest('button, a, [role="button"], input, label, select') ?? target
				if (type === 'pointerdown') pressed = control
				// For a click that missed: was the pressed element still in the page, and enabled?
				const after =
					type === 'click' && pressed && pressed !== control
						? `; o tocado: ${pressed.isConnected ? 'na página' : 'removido'}${pressed.matches(':disabled') ? ', desativado' : ''}`
						: ''
				keep(
					`${type} em ${name(control)}${control?.matches(':disabled') ? ' (desativado)' : ''} (${event.clientX},${event.clientY}; rolagem ${Math.round(window.scrollY)})${after}`,
				)
			},
			true,
		)
	// What moved, and by how much: a press and a release on different elements mean something moved between them.
	type Shift = { value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries() as unknown as Shift[])
			for (const source of entry.sources.slice(0, 3))
				keep(
					`deslocamento de ${source.node instanceof Element ? name(source.node) : 'texto'}: y ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)}, altura ${Math.round(source.previousRect.height)}→${Math.round(source.currentRect.height)}`,
				)
	}).observe({ type: 'layout-shift', buffered: false })
	window.addEventListener('submit', (event) => {
		const submitter = (event as SubmitEvent).submitter
		// conform's validation requests, one per field typed in, are not what a failure looks for.
		if (submitter?.getAttribute('name') === '__intent__') return
		keep(`envio de ${name(event.target as Element)} por ${name(submitter)}: ${event.defaultPrevented ? 'tratado pela página' : 'enviado pelo navegador'}`)
	})
}

/** One page's state for a failure message: address, hydration, what it shows, its last answers, what still waits. */
export async function describePage(page: Page, errors: string[]): Promise<string> {
	const record = records.get(page)
	const state = await page
		.evaluate(() => ({
			hydrated: document.documentElement.dataset.hydrated ?? 'não',
			toastsShown: (window as unknown as { __toasts?: { text: string }[] }).__toasts?.map((toast) => toast.text) ?? null,
			activity: ((window as unknown as { __activity?: { what: string; at: number }[] }).__activity ?? []).map(
				({ what, at }) => `${what} (há ${Math.round((Date.now() - at) / 1000)} s)`,
			),
			focused: document.activeElement ? `${document.activeElement.tagName} ${document.activeElement.textContent?.trim().slice(0, 40) ?? ''}` : null,
		}))
		.catch(() => null)
	const unanswered = [...(record?.pending ?? new Map<Request, number>())].map(
		([request, sentAt]) => `${request.method()} ${new URL(request.url()).pathname} há ${secondsSince(sentAt)} s`,
	)
	return [
		`na página ${page.isClosed() ? '(fechada)' : page.url()} ${JSON.stringify(state)}`,
		`mostra: ${JSON.stringify(await whatThePageShows(page))}`,
		`últimas respostas: ${JSON.stringify((record?.answers ?? []).map(({ line, at }) => `${line} (há ${secondsSince(at)} s)`))}`,
		`sem resposta: ${JSON.stringify(unanswered)}`,
		`erros da página: ${JSON.stringify(errors)}`,
	].join('\n')
}

const secondsSince = (time: number) => Math.round((Date.now() - time) / 1000)

/**
 * What the server's database is doing: every statement running or waiting (and on which lock), for
 * a request that never answered. Null on PGlite, whose files only the server opens.
 */
export async function describeDatabase(databaseUrl: string | null): Promise<string | null> {
	if (!databaseUrl) return null
	const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3_000 })
	try {
		await client.connect()
		const { rows } = await client.query<{ state: string; wait: string | null; seconds: number; query: string }>(`
			select state, wait_event_type || ':' || wait_event as wait,
				round(extract(epoch from now() - coalesce(query_start, backend_start)))::int as seconds, left(query, 160) as query
			from pg_stat_activity
			where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
			order by query_start`)
		return `banco: ${rows.length === 0 ? 'nada em execução' : rows.map((row) => `${row.state} ${row.seconds} s ${row.wait ?? ''} ${row.query}`).join(' | ')}`
	} catch (error) {
		return `banco: não foi possível consultar (${String(error)})`
	} finally {
		await client.end().catch(() => {})
	}
}
