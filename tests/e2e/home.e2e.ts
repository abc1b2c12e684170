import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, trackErrors, waitForHydration } from './support/browser'
import { AdminPages } from './pages/admin-pages'
import { HomePage } from './pages/home-page'
import { onStorefront, storefrontCatalogue, providerIndependent } from './support/provider'
import { e2eServer } from './support/e2e-server'

const browser = setupBrowser()

// The e2e server's PostgreSQL (null on PGlite): used to plant a view and to empty a row.
const databaseUrl = e2eServer().databaseUrl
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null
afterAll(async () => {
	await pool?.end()
})

// document 000 §2: sections in order (the headings the page gives them). Rows only appear
// with products, so the expected list is filtered by what the page shows, in this order.
const DOCUMENTED_ORDER = [
	'Explore Nossas Categorias',
	'Uma bandana com a cara do seu pet',
	'Produtos em Destaque',
	'Bandanas',
	'Bandana Xadrez',
	'Novidades para o seu pet todo mês, com até 50% de desconto',
	'Bandana Neutra',
	'Box',
	'O que dizem nossos clientes',
	'Siga a gente no Instagram',
	'Colares',
	'Gravatas',
	'Lacinhos',
	'Higiene',
	'Baixe nosso app',
	'Cachecol',
	'Personalização de Colares',
]

type Planted = { id: string; title: string; handle: string }

/** Two products seen by a new visitor (the second most recently); returns the visitor and both. */
async function plantViews(db: pg.Pool): Promise<{ visitorId: string; older: Planted; newer: Planted }> {
	const visitorId = randomUUID()
	// On the storefront run the views name the store's products (decision 051).
	const rows: Planted[] = onStorefront()
		? storefrontCatalogue()
				.products.filter((p) => !p.tags.includes('uso-interno'))
				.sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0))
				.slice(0, 2)
				.map((p) => ({ id: p.id, title: p.title, handle: p.handle }))
		: (
				await db.query<Planted>(`
		select p.id, p.title, p.handle from products p
		where p.status = 'active' and not ('uso-interno' = any(p.tags))
		order by p.handle limit 2`)
			).rows
	expect(rows).toHaveLength(2)
	const [older, newer] = rows as [Planted, Planted]
	for (const [product, minutesAgo] of [
		[older, 5],
		[newer, 1],
		[older, 10],
	] as const) {
		await db.query(
			`insert into user_views (session_id, product_id, product_title, product_handle, product_price_cents, viewed_at)
			 values ($1, $2, $3, $4, 1000, now() - make_interval(mins => $5))`,
			[visitorId, product.id, product.title, product.handle, minutesAgo],
		)
	}
	return { visitorId, older, newer }
}

// Made to order, wholesale and internal products are never suggested (document 000 §9).
function expectSuggestible(titles: string[]) {
	for (const title of titles) expect(title).not.toMatch(/^(Adicional|Personalização|Atacado):/)
}

describe('página inicial', () => {
	// axe over the whole home page (ten rows of cards) takes tens of seconds on a slow machine.
	const AXE_TIMEOUT = 150_000

	for (const [name, viewport] of [
		['desktop', DESKTOP],
		['celular', MOBILE],
	] as const) {
		test(`sections in the documented order, accessible in the light theme (${name})`, { timeout: AXE_TIMEOUT }, async () => {
			const page = await browser.newPage(viewport)
			const home = new HomePage(page)
			const response = await home.goto()
			expect(response?.status()).toBe(200)

			await page.getByRole('heading', { level: 1, name: 'Estilo Exclusivo Para Seu Pet' }).waitFor()
			await page.getByText('Acessórios personalizados que fazem a diferença').waitFor()
			expect(await page.getByRole('link', { name: 'Crie sua bandana' }).first().getAttribute('href')).toBe('/personalize')

			const titles = (await home.sectionTitles()).filter((title) => DOCUMENTED_ORDER.includes(title))
			expect(titles).toEqual(DOCUMENTED_ORDER.filter((title) => titles.includes(title)))
			for (const always of ['Explore Nossas Categorias', 'Produtos em Destaque', 'Bandanas', 'Siga a gente no Instagram']) {
				expect(titles).toContain(always)
			}
			// The subscription promo leads to /assinaturas.
			expect(await page.getByRole('link', { name: 'Quero Assinar Agora' }).getAttribute('href')).toBe('/assinaturas')
			// Instagram: 7 post links, no embed script or iframe.
			expect(await page.getByTestId('home-instagram').getByRole('link').count()).toBe(7)
			expect(await page.locator('iframe, script[src*="instagram"]').count()).toBe(0)

			// No app links in the settings: no app banner and no badges (issue 13; see the test below).
			expect(await home.appDownloadBanner().count()).toBe(0)
			expect(await page.getByTestId('app-badges').count()).toBe(0)

			await expectAccessible(page, `home claro ${name}`)
			expectNoPageErrors(page)
		})

		test.skipIf(providerIndependent())(`accessible in the dark theme (${name})`, { timeout: AXE_TIMEOUT }, async () => {
			const context = await browser.newContext(viewport)
			await context.addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
			const page = trackErrors(await context.newPage())
			await new HomePage(page).goto()
			expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
			await expectAccessible(page, `home escuro ${name}`)
			expectNoPageErrors(page)
		})
	}

	test('category cards show the real product counts', async () => {
		const page = await browser.newPage()
		const home = new HomePage(page)
		await home.goto()
		const subtitle = await home.categoryCard('Bandanas').textContent()
		const match = /(\d+) produtos? disponíve(l|is)/.exec(subtitle ?? '')
		expect(match, subtitle ?? '').not.toBeNull()
		await page.goto('/categoria/bandana')
		await expect.poll(() => page.getByRole('main').textContent()).toContain(`${match?.[1]} produto`)
		expectNoPageErrors(page)
	})

	test("each category row has products and 'Ver Todos' to its category page", async () => {
		const page = await browser.newPage()
		const home = new HomePage(page)
		await home.goto()
		const rows = home.categoryRows()
		expect(await rows.count()).toBeGreaterThan(3)
		for (const row of await rows.all()) {
			// Drawn as the row nears (decision 089).
			await row.scrollIntoViewIfNeeded()
			await expect.poll(() => row.getByRole('article').count()).toBeGreaterThan(0)
			const viewAll = row.getByRole('link', { name: /^Ver Todos/ })
			expect(await viewAll.getAttribute('href')).toMatch(/^\/(categoria\/)?[a-z-]+$/)
		}
		// 'Ver Todos' appears nowhere else.
		expect(await page.getByRole('link', { name: /^Ver Todos/ }).count()).toBe(await rows.count())

		const first = rows.first()
		const title = await first.getByRole('heading', { level: 2 }).textContent()
		// The element's own click (what a tap on it does, React Router's handler included), not a
		// click at its coordinates: rows further down still drawing as they near (decision 089) once
		// moved the link from under the pointer, and the click landed beside it (CI, a quiet machine).
		await first.getByRole('link', { name: /^Ver Todos/ }).evaluate((link: HTMLElement) => link.click())
		await page.waitForURL((url) => url.pathname !== '/')
		await page.getByRole('heading', { level: 1, name: title ?? '' }).waitFor()
		expectNoPageErrors(page)
	})

	// Not on the storefront run: it withdraws products through our database, and there the catalogue is the store's.
	test.runIf(pool && !onStorefront())('a row whose category has no products is not shown', async () => {
		if (!pool) return
		// Withdraw the Cachecol products for a moment (restored below).
		const { rows } = await pool.query<{ id: string }>(`
			update products set status = 'draft'
			where status = 'active' and id in (
				select cp.product_id from collection_products cp join collections c on c.id = cp.collection_id
				where c.handle = 'cachecol')
			returning id`)
		try {
			const page = await browser.newPage()
			const home = new HomePage(page)
			await home.goto()
			expect(await home.sectionTitles()).not.toContain('Cachecol')
			expect(await home.sectionTitles()).toContain('Bandanas')
			expect(await page.locator('a[href="/categoria/cachecol"]', { hasText: 'Ver Todos' }).count()).toBe(0)
			expectNoPageErrors(page)
		} finally {
			await pool.query(`update products set status = 'active' where id = any($1::uuid[])`, [rows.map((r) => r.id)])
		}
	})

	test("without views, six suggestions that stay put until the shopper asks for others (decision 142)", async () => {
		const page = await browser.newPage(MOBILE)
		// The page's clock is ours: a minute passes in no wall time (document 000 §4 had them change at 10 s, then every 15 s).
		await page.clock.install()
		const home = new HomePage(page)
		await home.goto()
		await home.featured().getByText('Sugestões para você', { exact: true }).waitFor()
		expect(await home.featured().getByRole('article').count()).toBe(6)
		const first = await home.featuredTitles()
		expectSuggestible(first)

		const other = home.featured().getByRole('button', { name: 'Ver outras sugestões' })
		await other.waitFor()
		await page.clock.runFor(60_000)
		expect(await home.featuredTitles()).toEqual(first)

		await other.click()
		await home.featured().getByTestId('featured-announcement').filter({ hasText: 'Mostrando outras sugestões' }).waitFor()
		await expect.poll(() => home.featuredTitles()).not.toEqual(first)
		const second = await home.featuredTitles()
		expect(second).toHaveLength(6)
		expectSuggestible(second)
		// None of the six just seen while the catalogue has others (the demo's has dozens).
		if (!onStorefront()) for (const title of second) expect(first).not.toContain(title)
		await page.clock.runFor(60_000)
		expect(await home.featuredTitles()).toEqual(second)
		expectNoPageErrors(page)
	})

	test.runIf(pool)("recently viewed shows the visitor's latest products", { timeout: AXE_TIMEOUT }, async () => {
		if (!pool) return
		const { visitorId, older, newer } = await plantViews(pool)
		const context = await browser.newContext(DESKTOP)
		await context.addCookies([{ name: 'loja_visita', value: visitorId, url: browser.baseUrl() }])
		const page = trackErrors(await context.newPage())
		const home = new HomePage(page)
		await home.goto()
		await home.featured().getByText('Vistos recentemente por você').waitFor()
		expect(await home.featuredTitles()).toEqual([newer.title, older.title])
		await expectAccessible(page, 'home vistos recentemente')
		expectNoPageErrors(page)
	})

	test.runIf(pool)("with a viewing history, the recently viewed stay until the shopper asks for suggestions", async () => {
		if (!pool) return
		const { visitorId, older, newer } = await plantViews(pool)
		const context = await browser.newContext(MOBILE)
		await context.addCookies([{ name: 'loja_visita', value: visitorId, url: browser.baseUrl() }])
		const page = trackErrors(await context.newPage())
		await page.clock.install()
		const home = new HomePage(page)
		await home.goto()
		await home.featured().getByText('Vistos recentemente por você').waitFor()
		expect(await home.featuredTitles()).toEqual([newer.title, older.title])
		const ask = home.featured().getByRole('button', { name: 'Ver sugestões', exact: true })
		await ask.waitFor()
		await page.clock.runFor(60_000)
		expect(await home.featuredTitles()).toEqual([newer.title, older.title])
		expect(await home.featured().getByText('Vistos recentemente por você').isVisible()).toBe(true)

		await ask.click()
		await home.featured().getByText('Sugestões para você', { exact: true }).waitFor()
		await home.featured().getByTestId('featured-announcement').filter({ hasText: 'Mostrando sugestões para você' }).waitFor()
		const suggestions = await home.featuredTitles()
		expect(suggestions).toHaveLength(6)
		expectSuggestible(suggestions)
		await home.featured().getByRole('button', { name: 'Ver outras sugestões' }).waitFor()
		expectNoPageErrors(page)
	})

	test.skipIf(providerIndependent())('reduced motion: no video, the still instead', async () => {
		const page = await browser.newPage(MOBILE)
		await page.emulateMedia({ reducedMotion: 'reduce' })
		const home = new HomePage(page)
		await home.goto()
		expect(await home.heroVideo().count()).toBe(0)
		expect(await home.heroStill().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
		expectNoPageErrors(page)
	})

	test.skipIf(providerIndependent())("hero: the still is the first paint; the shop's default video plays over it", async () => {
		const page = await browser.newPage(DESKTOP)
		// The server HTML has the still and no video, so the video never delays the first paint.
		const html = await (await page.request.get('/')).text()
		expect(html).toContain('/media/home-poster.webp')
		expect(html).not.toContain('<video')
		const home = new HomePage(page)
		await home.goto()
		expect(await home.heroStill().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
		await expect.poll(() => home.playingHeroVideo(), { timeout: 15_000 }).toBe('/media/home-default.webm')
		expectNoPageErrors(page)
	})

	test.skipIf(providerIndependent())('hero: when no video loads, the still stays', async () => {
		const page = await browser.newPage(DESKTOP)
		await page.route('**/media/home-default.*', (route) => route.fulfill({ status: 404, body: '' }))
		const home = new HomePage(page)
		await home.goto()
		// Both defaults tried (WebM, then MP4), then the element goes.
		await expect.poll(() => home.heroVideo().count(), { timeout: 15_000 }).toBe(0)
		expect(await home.heroStill().isVisible()).toBe(true)
		expectNoPageErrors(page)
	})

	test.runIf(pool)('hero: a configured video that fails gives way to the default one', async () => {
		if (!pool) return
		const { rows: active } = await pool.query<{ id: string }>(`update hero_video set is_active = false where is_active returning id`)
		const { rows: inserted } = await pool.query<{ id: string }>(
			`insert into hero_video (video_url) values ('/media/video-que-nao-existe.mp4') returning id`,
		)
		try {
			const page = await browser.newPage(DESKTOP)
			const home = new HomePage(page)
			await home.goto()
			await expect.poll(() => home.playingHeroVideo(), { timeout: 15_000 }).toBe('/media/home-default.webm')
			expectNoPageErrors(page)
		} finally {
			await pool.query(`delete from hero_video where id = any($1::uuid[])`, [inserted.map((r) => r.id)])
			await pool.query(`update hero_video set is_active = true where id = any($1::uuid[])`, [active.map((r) => r.id)])
		}
	})

	// On the storefront run too: views keep the store's product ids (decision 051).
	test('a product seen on its page comes back as recently viewed', async ({ skip }) => {
		const page = await browser.newPage(MOBILE)
		const home = new HomePage(page)
		await home.goto()
		await home.categoryRows().first().scrollIntoViewIfNeeded()
		const card = home.categoryRows().first().getByRole('article').first()
		const title = (await card.getByRole('heading').textContent())?.trim() ?? ''
		const href = await card.getByRole('heading').getByRole('link').getAttribute('href')
		expect(href).toMatch(/^\/produto\//)

		// The product page records the view 2 s after it is shown (document 000 §4).
		const recorded = page.waitForResponse(
			(response) => response.url().includes('/resources/views') && response.request().method() === 'POST',
			{ timeout: 15_000 },
		)
		const response = await page.goto(href ?? '/')
		if (response?.status() !== 200) skip('the product page is not there yet')
		expect((await recorded).ok()).toBe(true)

		await home.goto()
		await home.featured().getByText('Vistos recentemente por você').waitFor()
		const titles = await home.featured().getByRole('article').getByRole('heading').allTextContents()
		expect(titles[0]?.trim()).toBe(title)
		expectNoPageErrors(page)
	})

	test.skipIf(providerIndependent())("the header's 'Produtos' link smooth-scrolls to #produtos from another page", async () => {
		const page = await browser.newPage(DESKTOP)
		const home = new HomePage(page)
		await page.goto('/categoria/bandana')
		await page.getByRole('banner').getByRole('link', { name: 'Produtos', exact: true }).click()
		await page.waitForURL((url) => url.pathname === '/' && url.hash === '#produtos')
		await expect.poll(() => home.sectionInView('produtos'), { timeout: 10_000 }).toBe(true)

		// 'Categorias' from the home page itself.
		await page.getByRole('banner').getByRole('link', { name: 'Categorias', exact: true }).click()
		await expect.poll(() => home.sectionInView('categorias'), { timeout: 10_000 }).toBe(true)
		expectNoPageErrors(page)
	})

	test.skipIf(providerIndependent())("'Compre com a Aria' opens the assistant", async () => {
		const page = await browser.newPage(MOBILE)
		await page.goto('/')
		await page.getByRole('button', { name: 'Compre com a Aria' }).click()
		await page.getByRole('dialog').filter({ hasText: 'Aria' }).first().waitFor()
		expectNoPageErrors(page)
	})

	test('reviews: average with one decimal and the count in words', async () => {
		const page = await browser.newPage()
		const home = new HomePage(page)
		await home.goto()
		const reviews = page.getByTestId('home-reviews')
		if ((await reviews.count()) === 0) return // no approved reviews: the section is hidden
		// The cards are not in the HTML: drawn as the section nears (decision 089).
		expect(await reviews.getByRole('listitem').count()).toBe(0)
		await reviews.scrollIntoViewIfNeeded()
		await expect.poll(() => reviews.getByRole('listitem').count()).toBeGreaterThan(0)
		expect(await reviews.getByTestId('reviews-count').textContent()).toMatch(/^\d+ avaliaç(ão|ões)$/)
		expect(await reviews.textContent()).toMatch(/[1-5],\d/)
		expect(await reviews.getByRole('listitem').count()).toBeLessThanOrEqual(12)
		expect(await reviews.locator('time').first().textContent()).toMatch(/^\d{1,2} de [a-zç]+ de \d{4}$/)
		expectNoPageErrors(page)
	})

	test('title, description and canonical', async () => {
		const page = await browser.newPage()
		await page.goto('/')
		expect(await page.title()).toMatch(/^Estilo Exclusivo Para Seu Pet \| /)
		expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${browser.publicOrigin()}/`)
		expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Acessórios personalizados')
		expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toMatch(/^Estilo Exclusivo/)
		// Link previews: a large absolute image, the store's name and locale, each once.
		const origin = browser.publicOrigin()
		expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${origin}/media/home-share.jpg`)
		expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(`${origin}/media/home-share.jpg`)
		expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image')
		expect(await page.locator('meta[property="og:locale"]').count()).toBe(1)
		expect(await page.locator('meta[property="og:locale"]').getAttribute('content')).toBe('pt_BR')
		expect(await page.locator('meta[property="og:site_name"]').count()).toBe(1)
		expect(await page.locator('meta[property="og:site_name"]').getAttribute('content')).not.toBe('')
		const image = await page.request.get('/media/home-share.jpg')
		expect(image.headers()['content-type']).toBe('image/jpeg')
		expectNoPageErrors(page)
	})
})

describe('aplicativos da loja (issue 13)', () => {
	test.skipIf(providerIndependent())('with the owner’s app links, the home banner (desktop only) and the footer badges lead to them', async () => {
		const owner = await browser.newPage(DESKTOP)
		await new AdminPages(owner).signIn()
		const setLinks = async (appStore: string, play: string) => {
			await owner.goto('/admin/configuracoes')
			// Filled before hydration, a field can be reset by it (the flake of decision 074).
			await waitForHydration(owner, 'form')
			await owner.getByLabel('Link do app na App Store').fill(appStore)
			await owner.getByLabel('Link do app no Google Play').fill(play)
			await owner.getByRole('button', { name: 'Salvar configurações' }).click()
			await new AdminPages(owner).shell.toast('Configurações salvas!')
		}
		const appStore = 'https://apps.apple.com/br/app/pet-estilo/id123456789'
		await setLinks(appStore, '')
		try {
			const page = await browser.newPage(DESKTOP)
			const home = new HomePage(page)
			await home.goto()
			const banner = home.appDownloadBanner()
			expect(await banner.isVisible()).toBe(true)
			expect(await banner.getByRole('link', { name: /App Store/ }).getAttribute('href')).toBe(appStore)
			expect(await banner.getByRole('link', { name: /Google Play/ }).count()).toBe(0)
			const badges = page.getByTestId('app-badges')
			expect(await badges.getByRole('link', { name: /App Store/ }).getAttribute('href')).toBe(appStore)
			expect(await badges.getByRole('link').count()).toBe(1)

			const phone = new HomePage(await browser.newPage(MOBILE))
			await phone.goto()
			expect(await phone.appDownloadBanner().isVisible()).toBe(false)
			expectNoPageErrors(page)
		} finally {
			// Other e2e files share this server: no app links for them.
			await setLinks('', '')
		}
	}, 120_000)
})

describe('linhas de produtos no desktop (issue 13)', () => {
	test("the HTML holds each row's title and 'Ver Todos', not its cards; the browser draws them as the row nears", async () => {
		const html = await (await fetch(`${e2eServer().baseUrl}/`)).text()
		const rows = html.split('data-testid="home-category-row"').slice(1)
		expect(rows.length).toBeGreaterThan(3)
		// Decision 089: no card of any row in the HTML, a placeholder of their size instead; the link to the category is there.
		for (const row of rows) {
			const section = row.split('</section>')[0] ?? ''
			expect(section).not.toContain('<article')
			expect(section).toContain('data-testid="row-cards-placeholder"')
			expect(section).toMatch(/href="\/(categoria\/)?[a-z-]+"/)
		}
		// Decision 060: each row is a boundary of its own (hydrated apart), sent in place when ready —
		// never after a fallback with a script that swaps it in (the catalogue is warm by now).
		expect(html).not.toContain('$RC(')
		expect(html).not.toMatch(/<template id="B:/)

		// Decision 139: nor the rows' product data, nor their arrows (they come with the cards).
		expect(html).not.toContain('/imagens/demo/bandana-preta.svg')
		expect(html).not.toContain('data-testid="setas-da-linha"')
		// A ceiling on the whole page (187 KB then, 96 KB of it the stylesheet; issue 34's goal is 150 KB):
		// what is drawn later coming back into the HTML passes it.
		expect(Buffer.byteLength(html)).toBeLessThan(195_000)

		const page = await browser.newPage(DESKTOP)
		const home = new HomePage(page)
		await home.goto()
		// 'Bandanas' has more than four products (the demo catalogue): drawn as it nears, with its arrows.
		const full = home.categoryRows().first()
		await full.scrollIntoViewIfNeeded()
		await expect.poll(() => full.getByRole('article').count()).toBeGreaterThan(5)
		await full.getByTestId('setas-da-linha').waitFor()
		expectNoPageErrors(page)
	})

	test('the cards of every row come in one request, asked for when the first row nears, not with the page', async () => {
		const page = await browser.newPage(MOBILE)
		const asked: string[] = []
		page.on('request', (request) => {
			if (new URL(request.url()).pathname === '/resources/home-rows') asked.push(request.url())
		})
		const home = new HomePage(page)
		await home.goto()
		await waitForHydration(page, 'main')
		await page.waitForLoadState('networkidle')
		const rows = home.categoryRows()
		// On a phone the first row is more than two screens down: nothing near, nothing asked.
		const firstTop = await rows.first().evaluate((row) => row.getBoundingClientRect().top / window.innerHeight)
		expect(firstTop).toBeGreaterThan(2)
		expect(asked).toEqual([])
		expect(await page.getByTestId('row-cards-placeholder').count()).toBe(await rows.count())
		for (const row of await rows.all()) {
			await row.scrollIntoViewIfNeeded()
			await expect.poll(() => row.getByRole('article').count()).toBeGreaterThan(0)
		}
		expect(asked).toHaveLength(1)
		expectNoPageErrors(page)
	})

	test.skipIf(providerIndependent())('a row of more than four products scrolls sideways with its arrows', async () => {
		const page = await browser.newPage(DESKTOP)
		const home = new HomePage(page)
		await home.goto()
		// 'Bandanas' has more than four products; its arrows come with its cards, as it nears (decision 139).
		const row = home.categoryRows().first()
		await row.scrollIntoViewIfNeeded()
		await row.getByTestId('setas-da-linha').waitFor()
		const title = (await row.getByRole('heading', { level: 2 }).textContent()) ?? ''
		const next = row.getByRole('button', { name: `Mais produtos de ${title}` })
		const previous = row.getByRole('button', { name: `Produtos anteriores de ${title}` })
		expect(await previous.isDisabled()).toBe(true)
		const track = row.getByRole('list').first()
		const scrollLeft = () => track.evaluate((el) => el.scrollLeft)
		// The first card out of sight comes into view.
		const firstHidden = row.getByRole('listitem').nth(4)
		expect(await firstHidden.evaluate((el) => el.getBoundingClientRect().left >= el.parentElement!.getBoundingClientRect().right - 1)).toBe(
			true,
		)
		await next.click()
		await expect.poll(scrollLeft).toBeGreaterThan(100)
		await expect.poll(() => previous.isDisabled()).toBe(false)
		await previous.click()
		await expect.poll(scrollLeft).toBeLessThanOrEqual(1)
		// Phones swipe: no arrows, even once the row's cards are drawn.
		const phone = new HomePage(await browser.newPage(MOBILE))
		await phone.goto()
		const phoneRow = phone.categoryRows().first()
		await phoneRow.scrollIntoViewIfNeeded()
		await expect.poll(() => phoneRow.getByRole('article').count()).toBeGreaterThan(0)
		expect(await phoneRow.getByTestId('setas-da-linha').isVisible()).toBe(false)
		expectNoPageErrors(page)
	})
})

describe('preços e datas sem Intl no navegador ao carregar (decision 063)', () => {
	// The first Intl object a page creates makes the browser load its locale data (~300 ms of a
	// phone's CPU): home, a category and a product page must show their prices and dates without one.
	test.skipIf(providerIndependent())('home, a category and a product page create no Intl object while loading and hydrating', async () => {
		const page = await browser.newPage(MOBILE)
		await page.addInitScript(() => {
			const created: string[] = []
			;(window as unknown as { intlCreated: string[] }).intlCreated = created
			const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>
			for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat']) {
				const Original = intl[name] as new (...args: unknown[]) => unknown
				intl[name] = new Proxy(Original, {
					construct(target, args) {
						created.push(`${name} ${JSON.stringify(args)}`)
						return Reflect.construct(target, args) as object
					},
				})
			}
			for (const [prototype, method] of [
				[Number.prototype, 'toLocaleString'],
				[Date.prototype, 'toLocaleString'],
				[Date.prototype, 'toLocaleDateString'],
				[String.prototype, 'localeCompare'],
			] as const) {
				const original = (prototype as unknown as Record<string, (...args: unknown[]) => unknown>)[method] as (
					...args: unknown[]
				) => unknown
				;(prototype as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
					created.push(method)
					return original.apply(this, args)
				}
			}
		})
		const created = () => page.evaluate(() => (window as unknown as { intlCreated: string[] }).intlCreated)
		// React marks the DOM nodes it has hydrated; then the effects after it (rows measured, cards drawn) run.
		const hydrated = async () => {
			await page.waitForFunction(() => {
				const main = document.querySelector('main')
				return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'))
			})
			await page.waitForLoadState('networkidle')
		}
		const home = new HomePage(page)
		await home.goto()
		await hydrated()
		const category = await page.locator('a[href^="/categoria/"]').first().getAttribute('href')
		const product = await page.locator('a[href^="/produto/"]').first().getAttribute('href')
		expect(await page.getByText(/R\$ \d+,\d{2}/).count()).toBeGreaterThan(0)
		expect(await created()).toEqual([])
		for (const path of [category, product]) {
			expect(path).toMatch(/^\/(categoria|produto)\//)
			await page.goto(path ?? '/')
			await hydrated()
			expect(await page.getByText(/R\$ \d+,\d{2}/).count(), path ?? '').toBeGreaterThan(0)
			expect(await created(), path ?? '').toEqual([])
		}
		expectNoPageErrors(page)
	})
})
