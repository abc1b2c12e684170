import { randomUUID } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { couponExport } from '#tests/fixtures/coupon-export'
import { webmOfSize } from '#tests/fixtures/media'
import { phoneJpeg } from '#tests/fixtures/phone-photos'
import { shopifyCsv } from '#tests/fixtures/shopify/generated-export'
import { AdminPages } from './pages/admin-pages'
import { AuthPage } from './pages/auth-page'
import { PersonalizationPages } from './pages/personalization-pages'
import { Shell } from './pages/shell'
import { newCustomer } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, pageErrorsOf, setupBrowser } from './support/browser'

/*
 * Issue 28, defect 1: what real owners and shoppers bring, through the hydrated pages (their
 * <Form>/fetcher posts go to `<path>.data`): a 4 MB phone photo, a 4.9 MB pet face, a 4.9 MB exclusive
 * art and wholesale logo, a 4 MB product picture, a 5 MB Shopify product CSV (with its upload progress), a 4 MB
 * collection picture, a 1 MB coupon CSV (sent back URL-encoded to import it) and a 12 MB personalization video
 * with the poster frame the page takes from it. Each must be accepted and kept; what reaches the server may
 * be smaller (the pages may shrink a photo first), so the tests look at what is stored and listed.
 */
const browser = setupBrowser()
const MB = 1024 * 1024
/** The limit layer's refusal (server/body-limit.ts): never on these pages for these files. */
const TOO_LARGE = /O conteúdo enviado é grande demais/

async function hydrated(page: Page) {
	// Files chosen before hydration are posted by the browser itself, not by the page's code.
	await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber')))
}

const IMPORT_UPLOAD_PATH = '/admin/produtos/importar/arquivo'

/** Records what the page shows while it works: every upload percent and every status text. */
async function recordProgress(page: Page) {
	await page.evaluate(() => {
		const seen = { percents: [] as number[], statuses: [] as string[] }
		;(window as unknown as { __seen: typeof seen }).__seen = seen
		const look = () => {
			for (const bar of document.querySelectorAll('progress')) if (bar.hasAttribute('value')) seen.percents.push(bar.value)
			for (const status of document.querySelectorAll('[role="status"]')) seen.statuses.push((status.textContent ?? '').trim())
		}
		new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
	})
	return () => page.evaluate(() => (window as unknown as { __seen: { percents: number[]; statuses: string[] } }).__seen)
}

/** The page shows the stored picture: its address, and the browser decoded what the server sent. */
async function shownPicture(image: Locator): Promise<string> {
	await image.scrollIntoViewIfNeeded()
	await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0)
	return (await image.getAttribute('src')) ?? ''
}

describe('real-size uploads in Chromium', () => {
	test('a signed-in customer sends a 4 MB phone photo on /user/photos; it is stored and listed', async () => {
		const page = await browser.newPage(MOBILE)
		const auth = new AuthPage(page)
		const shell = new Shell(page)
		const customer = newCustomer()
		const photo = phoneJpeg(4 * MB) // made while the browser signs up
		await auth.goto()
		await auth.signUp(customer.email, customer.password)
		await shell.toast('Conta criada com sucesso!')
		// Signed in at once by the sign-up (issue 31).
		await page.waitForURL('**/user/dashboard')

		await page.goto('/user/photos')
		await page.getByText('Nenhuma foto enviada').waitFor()
		await hydrated(page)
		await page.getByLabel('Foto', { exact: true }).setInputFiles({ name: 'IMG_20260412_153012.jpg', mimeType: 'image/jpeg', buffer: await photo })
		await page.getByLabel('Legenda (opcional)').fill('Thor no parque — 🐶 ção')
		await page.getByRole('button', { name: 'Enviar Foto' }).click()
		await shell.toast('Foto enviada com sucesso! Aguarde aprovação.')
		const mine = page.getByTestId('minha-foto')
		await mine.first().getByText('Thor no parque — 🐶 ção').waitFor()
		expect(await mine.count()).toBe(1)
		expect(await shownPicture(mine.first().getByRole('img'))).toMatch(/^\/uploads\/user-photos\//)
		expect(await page.getByText(TOO_LARGE).count()).toBe(0)
		expectNoPageErrors(page)
	}, 120_000)

	test('a 4.9 MB pet face on /personalize is accepted and shown back', async () => {
		const page = await browser.newPage(MOBILE)
		const shop = new PersonalizationPages(page)
		const made = phoneJpeg(4.9 * MB, 2)
		await shop.goto('/personalize')
		const face = await made
		expect(face.byteLength).toBeGreaterThan(4.75 * MB)
		await shop.upload(/^Rosto do pet/, { name: 'rosto do Thor.jpg', mimeType: 'image/jpeg', buffer: face })
		const preview = page.getByRole('img', { name: 'Prévia: Rosto do pet' })
		await preview.waitFor({ timeout: 30_000 })
		expect(await shownPicture(preview)).toMatch(/^\/uploads\/personalizacao-arquivos\//)
		expect(await page.getByRole('alert').filter({ hasText: /Arquivo muito grande|Não foi possível enviar/ }).count()).toBe(0)
		expectNoPageErrors(page)
	}, 120_000)

	test('a 4.9 MB exclusive art on /personalize and a 4.9 MB logo on /atacado are accepted and shown back', async () => {
		const page = await browser.newPage(MOBILE)
		const shop = new PersonalizationPages(page)
		const made = phoneJpeg(4.9 * MB, 4)
		for (const [path, label, shown, name] of [
			['/personalize', /^Arte exclusiva/, /^Prévia: Arte exclusiva/, 'arte da Mel — versão final.jpg'],
			['/atacado', 'Imagem do logo ou design', /^Prévia: Imagem do logo ou design/, 'logo petshop São João.jpg'],
		] as const) {
			await shop.goto(path)
			const file = await made
			expect(file.byteLength).toBeGreaterThan(4.75 * MB)
			await shop.upload(label, { name, mimeType: 'image/jpeg', buffer: file })
			const preview = page.getByRole('img', { name: shown })
			await preview.waitFor({ timeout: 30_000 })
			expect(await shownPicture(preview), path).toMatch(/^\/uploads\/personalizacao-arquivos\//)
			expect(await page.getByRole('alert').filter({ hasText: /Arquivo muito grande|Não foi possível enviar/ }).count(), path).toBe(0)
		}
		expectNoPageErrors(page)
	}, 120_000)

	/** The owner, signed in once for the back-office uploads: each test checks the page errors it caused (the CSV test drops a connection on purpose). */
	let owner: Promise<{ page: Page; admin: AdminPages }> | null = null
	const signedInOwner = () =>
		(owner ??= (async () => {
			const page = await browser.newPage(DESKTOP, { keep: true })
			const admin = new AdminPages(page)
			await admin.signIn()
			return { page, admin }
		})())

	test('the owner adds a 4 MB picture in the product editor; it is stored and listed', async () => {
		const picture = phoneJpeg(4 * MB, 3)
		const { page, admin } = await signedInOwner()
		await page.goto('/admin/produtos/novo')
		await page.getByRole('heading', { level: 1, name: 'Novo produto' }).waitFor()
		await hydrated(page)
		const form = page.getByRole('form', { name: 'Novo produto' })
		await form.getByLabel('Título', { exact: true }).fill(`Bandana Foto Grande ${randomUUID().slice(0, 6)}`)
		await form.getByLabel('Preço (R$)').fill('49,90')
		await form.getByRole('button', { name: 'Criar produto' }).click()
		await admin.shell.toast('Produto criado!')
		await page.getByRole('heading', { level: 2, name: 'Imagens' }).waitFor()
		await hydrated(page)

		await page.getByLabel('Adicionar imagens').setInputFiles({ name: 'bandana-vermelha.jpg', mimeType: 'image/jpeg', buffer: await picture })
		await expect.poll(() => page.getByTestId('imagem-produto').count(), { timeout: 60_000 }).toBe(1)
		expect(await shownPicture(page.getByTestId('imagem-produto').locator('img'))).toMatch(/^\/uploads\/product-images\//)
		expect(await page.getByText(TOO_LARGE).count()).toBe(0)

		// Issue 30: the same photo as the store's logo, from the settings page; the header shows it; removed again.
		await page.goto('/admin/configuracoes')
		await hydrated(page)
		const logoCard = page.getByTestId('store-logo')
		await logoCard.getByLabel('Enviar logo').setInputFiles({ name: 'IMG_2046.jpg', mimeType: 'image/jpeg', buffer: await picture })
		expect(await shownPicture(logoCard.getByRole('img'))).toMatch(/^\/uploads\/product-images\/loja-logo\//)
		await page.goto('/')
		expect(await shownPicture(page.locator('header a[href="/"] img'))).toMatch(/^\/uploads\/product-images\/loja-logo\/.+\?w=\d+$/)
		await page.goto('/admin/configuracoes')
		await hydrated(page)
		await logoCard.getByRole('button', { name: 'Remover logo' }).click()
		await logoCard.getByText('Nenhum logo enviado').waitFor()
		expect(await page.getByText(TOO_LARGE).count()).toBe(0)
		expectNoPageErrors(page)
	}, 120_000)

	// Issue 28 (decision 122): a multi-MB export goes up with a real progress bar (percent of bytes
	// sent), then the check shows an indeterminate 'Verificando produtos…' and its result. An upload
	// that fails keeps the page and the chosen file.
	test('a 5 MB Shopify export on /admin/produtos/importar: a dropped upload keeps the page and the file; sent again, the bar fills, then the check answers', async () => {
		const { csv, products } = shopifyCsv(5 * MB, randomUUID().slice(0, 6))
		const { page, admin } = await signedInOwner()
		await page.goto('/admin/produtos/importar')
		await hydrated(page)
		const input = page.getByLabel('Arquivo CSV')
		await input.setInputFiles({ name: 'products_export_1.csv', mimeType: 'text/csv', buffer: csv })

		// The connection drops during the upload: a Portuguese message, the page and the chosen file stay.
		await page.route(`**${IMPORT_UPLOAD_PATH}**`, (route) => route.abort('connectionreset'))
		await page.getByRole('button', { name: 'Verificar' }).click()
		await page.getByRole('alert').filter({ hasText: 'Sem conexão com a loja. Verifique a internet e tente novamente.' }).waitFor()
		await page.getByText('O arquivo continua escolhido: clique em Verificar para enviar de novo.').waitFor()
		expect(new URL(page.url()).pathname).toBe('/admin/produtos/importar')
		expect(await input.evaluate((element: HTMLInputElement) => element.files?.[0]?.name)).toBe('products_export_1.csv')
		await page.unroute(`**${IMPORT_UPLOAD_PATH}**`)

		// Sent again over a slow link (1 MB/s up, as a shop's connection), so the bar can be seen filling.
		const cdp = await page.context().newCDPSession(page)
		await cdp.send('Network.enable')
		await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1 * MB })
		const seen = await recordProgress(page)
		// Decision 122: the file goes up on its own, named, then the check gets its token.
		const rawUpload = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === IMPORT_UPLOAD_PATH)
		await page.getByRole('button', { name: 'Verificar' }).click()
		expect(new URL((await rawUpload).url()).searchParams.get('nome')).toBe('products_export_1.csv')
		const bar = page.getByRole('progressbar', { name: /^Enviando arquivo… \d+%/ })
		await bar.waitFor()
		await page.getByRole('button', { name: 'Cancelar envio' }).waitFor()
		// Determinate: its value is the percent of bytes sent, and it moves; its name says the same percent.
		await expect.poll(() => bar.evaluate((element: HTMLProgressElement) => element.value), { timeout: 30_000 }).toBeGreaterThan(0)
		await page.getByRole('progressbar', { name: /^Enviando arquivo… ([1-9]\d?)%/ }).waitFor({ timeout: 30_000 })
		await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })

		// Then the server checks, and the result appears.
		await page.getByRole('heading', { name: /Resultado da verificação/ }).waitFor({ timeout: 90_000 })
		expect(await admin.summaryCount('Novos')).toBe(products)
		expect(await admin.summaryCount('Inválidos')).toBe(0)
		expect(await page.getByText(TOO_LARGE).count()).toBe(0)
		const { percents, statuses } = await seen()
		expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true)
		expect(Math.max(...percents)).toBeLessThanOrEqual(99)
		// Percentages only go up.
		expect(percents).toEqual([...percents].sort((a, b) => a - b))
		expect(statuses).toContain('Verificando produtos…')
		await expectAccessible(page, 'importar produtos: verificação')
		// The one console error is the dropped connection the test caused.
		expect(pageErrorsOf(page).filter((error) => !/net::ERR_CONNECTION_RESET|net::ERR_FAILED/.test(error))).toEqual([])
	}, 180_000)

	test('the owner sends a 4 MB picture for a collection on /admin/colecoes/…; the page shows it', async () => {
		const picture = phoneJpeg(4 * MB, 5)
		const { page, admin } = await signedInOwner()
		const earlierErrors = pageErrorsOf(page).length
		const title = `Coleção Foto Grande ${randomUUID().slice(0, 6)}`
		await page.goto('/admin/colecoes')
		await hydrated(page)
		const creation = page.getByRole('form', { name: 'Nova coleção' })
		await creation.getByLabel('Título', { exact: true }).fill(title)
		await creation.getByRole('button', { name: 'Criar coleção' }).click()
		await page.waitForURL(/\/admin\/colecoes\/[0-9a-f-]{36}$/)
		const collectionId = new URL(page.url()).pathname.split('/').pop() ?? ''
		await page.getByRole('heading', { level: 1, name: title }).waitFor()
		await hydrated(page)

		const pictureForm = page.getByRole('form', { name: 'Imagem da coleção' })
		expect(await pictureForm.locator('img').count()).toBe(0)
		await pictureForm.getByLabel('Imagem', { exact: true }).setInputFiles({ name: 'IMG_20260521_101522.jpg', mimeType: 'image/jpeg', buffer: await picture })
		await pictureForm.getByRole('button', { name: 'Enviar imagem' }).click()
		await admin.shell.toast('Coleção salva!')
		expect(await shownPicture(pictureForm.locator('img'))).toMatch(new RegExp(`^/uploads/product-images/colecao-${collectionId}/\\d+\\.jpg`))
		expect(await page.getByText(TOO_LARGE).count()).toBe(0)
		expect(await page.getByText('Use uma imagem JPEG, PNG ou WebP de até 5MB.').count()).toBe(0)
		expect(pageErrorsOf(page).slice(earlierErrors)).toEqual([])
	}, 120_000)

	// The 4 MB row of server/body-limit.ts: the check sends the 1 MB file, the import sends its text
	// back URL-encoded (each accented letter 6 bytes), past the back-office's 1 MB.
	test('a 1 MB coupon CSV on /admin/cupons/importar: the check lists every coupon, the import writes them all', async () => {
		const run = `lote${randomUUID().slice(0, 6)}`
		const { csv, codes } = couponExport(run)
		expect(csv.byteLength).toBeGreaterThan(0.99 * 1_000_000)
		const { page, admin } = await signedInOwner()
		const earlierErrors = pageErrorsOf(page).length
		await page.goto('/admin/cupons/importar')
		await hydrated(page)
		await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'cupons-loja-antiga.csv', mimeType: 'text/csv', buffer: csv })
		await page.getByRole('button', { name: 'Verificar' }).click()
		await page.getByRole('heading', { name: 'Resultado da verificação de cupons-loja-antiga.csv' }).waitFor({ timeout: 60_000 })
		expect(await admin.summaryCount('Serão importados')).toBe(codes.length)
		expect(await admin.summaryCount('Inválidos')).toBe(0)
		const listed = page.getByRole('table', { name: 'Cupons que serão importados' })
		await listed.getByRole('rowheader', { name: codes.at(-1), exact: true }).waitFor()

		await page.getByRole('button', { name: `Importar ${codes.length} cupons` }).click()
		await admin.shell.toast(`${codes.length} cupons importados!`)
		await page.waitForURL((url) => url.pathname === '/admin/cupons')
		expect(await page.getByText(TOO_LARGE).count()).toBe(0)
		for (const code of [codes[0], codes.at(-1)] as string[]) {
			await page.goto(`/admin/cupons?q=${code}`)
			await page.getByRole('rowheader', { name: code, exact: true }).waitFor()
		}
		expect(pageErrorsOf(page).slice(earlierErrors)).toEqual([])
	}, 180_000)

	test('a 12 MB video on /admin/personalization-video goes up, is saved with its poster frame, and the page and the home page show it', async () => {
		const video = webmOfSize(12 * MB)
		const { page, admin } = await signedInOwner()
		const earlierErrors = pageErrorsOf(page).length
		await page.goto('/admin/personalization-video')
		await page.getByRole('heading', { level: 1, name: 'Vídeo da Seção de Personalização' }).waitFor()
		await hydrated(page)
		// The file goes up as soon as it is chosen (the raw upload, 50 MB row); then 'Salvar Vídeo'
		// posts the address with the poster the page took from the video (multipart, `.data`).
		await page.getByLabel('Arquivo de vídeo').setInputFiles({ name: 'personalizacao-bandanas.webm', mimeType: 'video/webm', buffer: await video })
		await admin.shell.toast('Vídeo enviado com sucesso!')
		const uploaded = await page.getByLabel('URL do vídeo').inputValue()
		expect(uploaded).toMatch(/^\/uploads\/hero-videos\/personalization-\d+\.webm$/)
		await page.getByRole('button', { name: 'Salvar Vídeo' }).click()
		await admin.shell.toast('Vídeo atualizado com sucesso!')

		const current = page.getByTestId('video-atual')
		await current.waitFor()
		expect(await current.getAttribute('src')).toBe(uploaded)
		// The browser reads the stored video (its metadata: it is the whole, playable file)…
		await expect.poll(() => current.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1)
		expect(await current.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(0)
		// …and its poster is the frame taken in the browser, a picture it decodes.
		const poster = (await current.getAttribute('poster')) ?? ''
		expect(poster).toMatch(/^\/uploads\/hero-videos\/personalization-poster-\d+\.jpg$/)
		const posterWidth = await page.evaluate(async (src) => {
			const image = new Image()
			image.src = src
			await image.decode()
			return image.naturalWidth
		}, poster)
		expect(posterWidth).toBeGreaterThan(0)
		const stored = await fetch(new URL(uploaded, browser.baseUrl()), { method: 'HEAD' })
		expect(Number(stored.headers.get('content-length'))).toBe(12 * MB)
		// The home page's personalization section has them (the still first, the video after load).
		const home = await (await fetch(new URL('/', browser.baseUrl()))).text()
		expect(home).toContain(uploaded)
		expect(home).toContain(poster)
		expect(await page.getByText(TOO_LARGE).count()).toBe(0)

		// Other files share this server: the section goes back to no video.
		page.once('dialog', (dialog) => void dialog.accept())
		await page.getByRole('button', { name: 'Remover Vídeo' }).click()
		await admin.shell.toast('Vídeo removido com sucesso!')
		await page.getByTestId('sem-video').waitFor()
		expect(pageErrorsOf(page).slice(earlierErrors)).toEqual([])
	}, 180_000)
})
