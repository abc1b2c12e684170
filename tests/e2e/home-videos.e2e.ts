import { describe, expect, test } from 'vitest'
import { webmOfSize } from '#tests/fixtures/media'
import { AdminPages } from './pages/admin-pages'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser } from './support/browser'

/*
 * Issue 11, the home videos (document 001 §2, §4, §8): the owner sends a 20 MB banner video
 * from a phone and watches the progress bar move, the home page plays it, removing it brings
 * back the shop's default; the CTA page takes an upload, then 'Salvar Vídeo'.
 */
const browser = setupBrowser()

describe('vídeos da página inicial', () => {
	test('a 20 MB banner video goes up with a moving progress bar, plays on the home page, and removing it restores the default', async () => {
		const page = await browser.newPage(MOBILE)
		const admin = new AdminPages(page)
		await admin.signIn()
		await page.goto('/admin/banner')
		await page.getByRole('heading', { level: 1, name: 'Gerenciar Vídeo do Banner' }).waitFor()
		await expectAccessible(page, '/admin/banner 375')
		expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

		// No file: the document's message.
		await page.getByRole('button', { name: 'Enviar Vídeo' }).click()
		await admin.shell.toast('Nenhum arquivo selecionado')
		// Not a video: refused in the page before anything is sent.
		await page.getByLabel('Arquivo de vídeo').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') })
		await admin.shell.toast('Arquivo inválido')

		// A phone's upload speed (8 MB/s), so the bar is seen moving.
		const cdp = await page.context().newCDPSession(page)
		await cdp.send('Network.emulateNetworkConditions', {
			offline: false,
			latency: 20,
			downloadThroughput: -1,
			uploadThroughput: 8 * 1024 * 1024,
		})
		await page
			.getByLabel('Arquivo de vídeo')
			.setInputFiles({ name: 'banner.webm', mimeType: 'video/webm', buffer: await webmOfSize(20 * 1024 * 1024) })
		await page.getByTestId('video-previa').waitFor()
		await page.getByRole('button', { name: 'Enviar Vídeo' }).click()
		const bar = page.getByRole('progressbar', { name: 'Envio do vídeo' })
		await bar.waitFor()
		const seen = new Set<number>()
		while (await bar.isVisible()) {
			const value = Number(await bar.getAttribute('aria-valuenow').catch(() => null))
			if (Number.isFinite(value)) seen.add(value)
			await page.waitForTimeout(100)
		}
		const between = [...seen].filter((value) => value > 0 && value < 99)
		expect(between.length, `valores vistos: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(2)
		await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
		// Every toast shown is kept (support/browser.ts): it may have come and gone while the loop above polled the bar.
		await admin.shell.toast('Vídeo enviado com sucesso!')
		const current = page.getByTestId('video-atual')
		await current.waitFor()
		const videoUrl = (await current.getAttribute('src')) ?? ''
		expect(videoUrl).toMatch(/^\/uploads\/hero-videos\/hero-\d+\.webm$/)
		const stored = await fetch(new URL(videoUrl, browser.baseUrl()), { method: 'HEAD' })
		expect(stored.status).toBe(200)
		expect(stored.headers.get('content-type')).toBe('video/webm')
		expect(Number(stored.headers.get('content-length'))).toBe(20 * 1024 * 1024)
		// The still frame taken in the browser is saved as the video's poster.
		const poster = (await current.getAttribute('poster')) ?? ''
		expect(poster).toMatch(/^\/uploads\/hero-videos\/hero-poster-\d+\.jpg$/)

		// The home page: the still is the new video's frame, and the video playing is the new one.
		const shopper = await browser.newPage(DESKTOP)
		await shopper.goto('/')
		expect(await shopper.getByTestId('hero-still').getAttribute('src')).toBe(poster)
		const heroVideo = shopper.locator('#hero-title').locator('xpath=ancestor::section').getByTestId('background-video')
		await heroVideo.waitFor({ state: 'attached' })
		expect(await heroVideo.getAttribute('src')).toBe(videoUrl)

		// Removing asks first, then the home page falls back to the shop's default video.
		page.once('dialog', (dialog) => {
			expect(dialog.message()).toBe('Tem certeza que deseja remover o vídeo atual?')
			void dialog.accept()
		})
		await page.getByRole('button', { name: 'Remover Vídeo' }).click()
		await admin.shell.toast('Vídeo removido')
		await page.getByTestId('sem-video').waitFor()
		await shopper.goto('/')
		expect(await shopper.getByTestId('hero-still').getAttribute('src')).toBe('/media/home-poster.webp')
		await heroVideo.waitFor({ state: 'attached' })
		expect(await heroVideo.getAttribute('src')).toMatch(/^\/media\/home-default\.(webm|mp4)$/)
		expectNoPageErrors(page)
		expectNoPageErrors(shopper)
	}, 180_000)

	test('the CTA page: an upload, then Salvar Vídeo; a pasted address needs to be one; cancelling an upload keeps nothing', async () => {
		const page = await browser.newPage(DESKTOP)
		const admin = new AdminPages(page)
		await admin.signIn()
		await page.goto('/admin/subscription-cta-video')
		await page.getByRole('heading', { level: 1, name: 'Vídeo da CTA de Assinatura' }).waitFor()

		await page.getByRole('button', { name: 'Salvar Vídeo' }).click()
		await page.getByText('Por favor, adicione uma URL de vídeo.').waitFor()

		// Cancelled midway (a slow line): nothing is saved and 'Tentar novamente' sends it whole.
		const cdp = await page.context().newCDPSession(page)
		await cdp.send('Network.emulateNetworkConditions', {
			offline: false,
			latency: 20,
			downloadThroughput: -1,
			uploadThroughput: 1024 * 1024,
		})
		await page
			.getByLabel('Arquivo de vídeo')
			.setInputFiles({ name: 'cta.webm', mimeType: 'video/webm', buffer: await webmOfSize(6 * 1024 * 1024) })
		await page.getByRole('progressbar', { name: 'Envio do vídeo' }).waitFor()
		await page.getByRole('button', { name: 'Cancelar envio' }).click()
		await admin.shell.toast('Envio cancelado')
		expect(await page.getByLabel('URL do vídeo').inputValue()).toBe('')
		await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
		await page.getByRole('button', { name: 'Tentar novamente' }).click()
		await admin.shell.toast('Upload concluído')
		const uploaded = await page.getByLabel('URL do vídeo').inputValue()
		expect(uploaded).toMatch(/^\/uploads\/hero-videos\/subscription-cta-\d+\.webm$/)
		await page.getByRole('button', { name: 'Salvar Vídeo' }).click()
		await admin.shell.toast('Vídeo salvo!')
		expect(await page.getByTestId('video-atual').getAttribute('src')).toBe(uploaded)
		await expectAccessible(page, '/admin/subscription-cta-video com vídeo')

		const home = await (await fetch(new URL('/', browser.baseUrl()))).text()
		expect(home).toContain(uploaded)

		// 'visível apenas no desktop': at 375 px the promo shows no video and never asks for it…
		const phone = await browser.newPage(MOBILE)
		const requested: string[] = []
		phone.on('request', (request) => requested.push(new URL(request.url()).pathname))
		await phone.goto('/')
		// The hero's video (phones too) is there: the page is hydrated and its videos are live.
		await phone.locator('#hero-title').locator('xpath=ancestor::section').getByTestId('background-video').waitFor({ state: 'attached' })
		const promo = phone.locator('#assinaturas')
		await promo.scrollIntoViewIfNeeded()
		// Two frames: the intersection observer has reported the section by then.
		await phone.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
		expect(await promo.getByTestId('background-video').count()).toBe(0)
		expect(requested).not.toContain(uploaded)
		// …and the same page widened to a desktop plays it.
		await phone.setViewportSize(DESKTOP)
		await promo.getByTestId('background-video').waitFor({ state: 'attached' })
		expect(await promo.getByTestId('background-video').getAttribute('src')).toBe(uploaded)
		await expect.poll(() => requested.includes(uploaded)).toBe(true)
		expectNoPageErrors(phone)

		page.once('dialog', (dialog) => void dialog.accept())
		await page.getByRole('button', { name: 'Remover Vídeo' }).click()
		await admin.shell.toast('Vídeo removido!')
		expectNoPageErrors(page)
	}, 120_000)
})
