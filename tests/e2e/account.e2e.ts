import { readFile } from 'node:fs/promises'
import { describe, test, expect } from 'vitest'
import { AdminPages } from './pages/admin-pages'
import { AuthPage } from './pages/auth-page'
import { ProductPage } from './pages/product-page'
import { Shell } from './pages/shell'
import { newCustomer } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser } from './support/browser'

/* Issue 10: the customer area, as a customer uses it on a phone. */
const browser = setupBrowser()

describe('Meu Perfil (/user/profile)', () => {
	test('a bad phone is refused beside the field and nothing typed is lost; saved, the profile and the greeting follow', async () => {
		const page = await browser.newPage(MOBILE)
		const auth = new AuthPage(page)
		const shell = new Shell(page)
		const customer = newCustomer()
		await auth.goto()
		// issue 31: a first name is asked, and the sign-up signs in at once, greeting by that name.
		await page.getByLabel(/e-?mail/i).fill(customer.email)
		await page.getByLabel(/^senha/i).fill(customer.password)
		await page.getByRole('button', { name: 'Criar Conta' }).click()
		await page.getByText('Informe seu primeiro nome.').first().waitFor()
		expect(await page.getByLabel(/e-?mail/i).inputValue()).toBe(customer.email)
		await auth.signUp(customer.email, customer.password, 'Bia')
		await shell.toast('Conta criada com sucesso!')
		await page.waitForURL('**/user/dashboard')
		await page.getByRole('heading', { level: 1, name: 'Olá, Bia!' }).waitFor()
		// The points card of a new customer shows the next level, not 'the top' (issue 31).
		await page.getByText(/^Faltam \d+ pontos para o nível /).first().waitFor()

		await page.goto('/user/profile')
		await page.getByRole('heading', { level: 1, name: 'Meu Perfil' }).waitFor()
		await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber')))
		await page.getByLabel('Nome Completo').fill('Ana Souza')
		await page.getByLabel('Telefone').fill('1234')
		await page.getByLabel('Instagram').fill('@ana.pets')
		// Pets have one place, Meus Pets (issue 31): the profile does not ask for them again.
		expect(await page.getByLabel('Nome do Pet').count()).toBe(0)
		expect(await page.getByRole('main').getByRole('link', { name: 'Meus Pets' }).getAttribute('href')).toBe('/user/pets')
		await page.getByRole('button', { name: 'Salvar Alterações' }).click()
		await shell.toast('Erro ao salvar perfil')
		await page.locator('#perfil-phone-erro').getByText('Informe um telefone com DDD, por exemplo (11) 91234-5678.').waitFor()
		expect(await page.getByLabel('Instagram').inputValue()).toBe('@ana.pets')
		await expectAccessible(page, '/user/profile com erro')

		await page.getByLabel('Telefone').fill('11912345678')
		expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 91234-5678')
		await page.getByRole('button', { name: 'Salvar Alterações' }).click()
		await shell.toast('Perfil atualizado com sucesso!')
		await page.reload()
		expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 91234-5678')
		expect(await page.getByLabel('Instagram').inputValue()).toBe('@ana.pets')

		// LGPD: the customer downloads everything the shop holds about them.
		await page.goto('/user/settings')
		const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar meus dados' }).click()])
		expect(download.suggestedFilename()).toBe('meus-dados.json')
		const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { perfil: { full_name: string; phone: string } }
		expect(exported.perfil).toMatchObject({ full_name: 'Ana Souza', phone: '11912345678' })
		await expectAccessible(page, '/user/settings')

		await page.goto('/user/dashboard')
		await page.getByRole('heading', { level: 1, name: 'Olá, Ana!' }).waitFor()
		await page.context().addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
		await page.goto('/user/profile')
		await expectAccessible(page, '/user/profile (escuro)')
		expectNoPageErrors(page)
	})
})

describe('Minhas Fotos (/user/photos) e /admin/fotos', () => {
	test('a photo waits for approval (hidden from others), the owner approves it, the customer sees Aprovada', async () => {
		const page = await browser.newPage(MOBILE)
		const auth = new AuthPage(page)
		const shell = new Shell(page)
		const customer = newCustomer()
		await auth.goto()
		await auth.signUp(customer.email, customer.password)
		await shell.toast('Conta criada com sucesso!')
		// Signed in at once by the sign-up (issue 31).
		await page.waitForURL('**/user/dashboard')

		await page.goto('/user/photos')
		await page.getByText('Nenhuma foto enviada').waitFor()
		await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber')))
		const send = page.getByRole('button', { name: 'Enviar Foto' })
		// Disabled by the script once hydrated (an effect after the h1 is hydrated): waited for, not read at once.
		await expect.poll(() => send.isDisabled()).toBe(true)
		const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
		await page.getByLabel('Foto', { exact: true }).setInputFiles({ name: 'thor.png', mimeType: 'image/png', buffer: png })
		await page.getByLabel('Legenda (opcional)').fill('Thor no parque')
		await send.click()
		await shell.toast('Foto enviada com sucesso! Aguarde aprovação.')
		const mine = page.getByTestId('minha-foto').first()
		await mine.getByText('Aguardando').waitFor()
		await mine.getByText('Thor no parque').waitFor()
		await expectAccessible(page, '/user/photos')
		const src = (await mine.getByRole('img').getAttribute('src')) ?? ''
		expect(src).toMatch(/^\/uploads\/user-photos\//)
		// Not public yet: another browser gets 404.
		const stranger = await browser.newPage(DESKTOP)
		expect((await stranger.request.get(src)).status()).toBe(404)

		const adminPage = await browser.newPage(DESKTOP)
		const admin = new AdminPages(adminPage)
		await admin.signIn()
		await adminPage.goto('/admin/fotos')
		// Issue 30: on the owner's phone (375 px) each photo is a card headed by whose it is.
		await adminPage.setViewportSize(MOBILE)
		const heading = adminPage.getByRole('heading', { level: 2, name: `Foto de ${customer.email}`, exact: true })
		await heading.waitFor({ state: 'attached' })
		expect(await heading.count()).toBe(1)
		const card = adminPage.getByTestId('foto-cliente').filter({ has: heading })
		const cards = adminPage.getByTestId('foto-cliente')
		for (let i = 0; i < (await cards.count()); i += 1) {
			const own = cards.nth(i).getByRole('heading', { level: 2 })
			expect(await own.count()).toBe(1)
			expect(await own.textContent()).toMatch(/^Foto de \S+@\S+$/)
		}
		const box = await card.boundingBox()
		expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width)
		await expectAccessible(adminPage, '/admin/fotos a 375 px')
		await card.getByRole('button', { name: 'Aprovar' }).click()
		await admin.shell.toast('Foto aprovada!')
		await adminPage.setViewportSize(DESKTOP)
		await expectAccessible(adminPage, '/admin/fotos')

		expect((await stranger.request.get(src)).status()).toBe(200)
		// The approval earned the seeded 'Primeira Foto' badge: it arrives live, without a reload.
		await shell.toast('Nova conquista: Primeira Foto!')
		await page.reload()
		await page.getByTestId('minha-foto').first().getByText('Aprovada').waitFor()

		// The ledger: +30 for sending, +20 for the approval, then the seeded 'Primeira Foto'
		// badge it earned (+20, issue 10), newest first; the badge is announced once.
		await page.goto('/user/gamification')
		expect(await page.getByTestId('total-pontos').textContent()).toBe('70')
		const entries = page.getByTestId('historico-pontos')
		expect(await entries.allTextContents()).toEqual([
			expect.stringMatching(/^Conquista: Primeira Foto.*\+20$/),
			expect.stringMatching(/^Foto aprovada.*\+20$/),
			expect.stringMatching(/^Foto enviada.*\+30$/),
		])
		await page.getByText('Como Ganhar Pontos').waitFor()
		// issue 31: 'Meus pontos', with the next level and what is missing (70 of Prata's 500).
		await page.getByRole('heading', { level: 1, name: 'Meus pontos' }).waitFor()
		await page.getByTestId('proximo-nivel').getByText(/^Faltam 430 pontos para o nível /).waitFor()
		await expectAccessible(page, '/user/gamification')

		await page.goto('/user/dashboard')
		expect(await page.getByTestId('dashboard-pontos').textContent()).toBe('70')
		await page.getByText('Nenhum pedido ainda.').waitFor()
		await expectAccessible(page, '/user/dashboard')

		await page.goto('/user/rewards')
		await page.getByRole('tab', { name: /^Conquistadas \(1\)$/ }).click()
		await page.getByRole('tabpanel').getByRole('heading', { name: 'Primeira Foto' }).waitFor()
		await expectAccessible(page, '/user/rewards')
		expectNoPageErrors(page)
		expectNoPageErrors(adminPage)
	})
})

describe('Senha e exclusão da conta (LGPD)', () => {
	test('changing the password signs the other device out; deleting the account needs the password and then the account is gone', async () => {
		const page = await browser.newPage(MOBILE)
		const auth = new AuthPage(page)
		const shell = new Shell(page)
		const customer = newCustomer()
		await auth.signUpAndSignIn(customer.email, customer.password)
		// A second device, signed in too.
		const other = await browser.newPage(DESKTOP)
		const otherAuth = new AuthPage(other)
		await otherAuth.goto()
		await otherAuth.signIn(customer.email, customer.password)
		await other.waitForURL('**/user/dashboard')

		await page.goto('/user/profile')
		await page.getByRole('heading', { level: 2, name: 'Alterar senha' }).waitFor()
		await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber')))
		const newPassword = `${customer.password}-nova`
		await page.locator('#senha-currentPassword').fill('senha-errada-000')
		await page.locator('#senha-newPassword').fill(newPassword)
		await page.locator('#senha-confirmPassword').fill(newPassword)
		await page.getByRole('button', { name: 'Alterar senha' }).click()
		await page.locator('#senha-currentPassword-erro').getByText('Senha atual incorreta.').waitFor()
		await page.locator('#senha-currentPassword').fill(customer.password)
		await page.getByRole('button', { name: 'Alterar senha' }).click()
		await shell.toast('Senha alterada com sucesso!')
		await expectAccessible(page, '/user/profile com os formulários de e-mail e senha')
		// The other device is signed out; this one is not.
		await other.goto('/user/dashboard')
		await other.waitForURL('**/auth**')
		await page.goto('/user/dashboard')
		await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Olá' }).waitFor()

		await page.goto('/user/settings')
		await page.getByRole('button', { name: 'Excluir minha conta' }).click()
		await page.getByText('Marque a confirmação para excluir a conta.').first().waitFor()
		await page.getByLabel('Sua senha').fill(newPassword)
		await page.getByLabel('Entendo que minha conta será excluída para sempre.').check()
		await expectAccessible(page, '/user/settings com a exclusão')
		await page.getByRole('button', { name: 'Excluir minha conta' }).click()
		await page.waitForURL((url) => url.pathname === '/')
		await shell.toast('Sua conta foi excluída.')
		// Gone: the area asks to sign in, and the old credentials no longer work.
		await page.goto('/user/dashboard')
		await page.waitForURL('**/auth**')
		await auth.signIn(customer.email, newPassword)
		await page.getByText('Email ou senha incorretos').first().waitFor()
		expectNoPageErrors(page)
	})
})

describe('Meus Pets (/user/pets)', () => {
	test('a pet with its neck measure: a bad value is refused beside the field; the bandana page suggests the size and choosing it selects it', async () => {
		const page = await browser.newPage(MOBILE)
		const shell = new Shell(page)
		const customer = newCustomer()
		await new AuthPage(page).signUpAndSignIn(customer.email, customer.password)
		await page.goto('/user/pets')
		await page.getByText('Nenhum pet cadastrado ainda.').waitFor()
		const form = page.getByRole('form', { name: 'Cadastrar pet' })
		await form.getByLabel('Nome').fill('Thor')
		await form.getByLabel('Raça').fill('Shih-tzu')
		await form.getByLabel('Pescoço (cm)').fill('8')
		await form.getByRole('button', { name: 'Cadastrar' }).click()
		await shell.toast('Erro ao salvar pet')
		await page.getByRole('form', { name: 'Cadastrar pet' }).getByText('O pescoço deve medir entre 10 e 90 cm.').waitFor()
		expect(await page.getByRole('form', { name: 'Cadastrar pet' }).getByLabel('Nome').inputValue()).toBe('Thor')
		await page.getByRole('form', { name: 'Cadastrar pet' }).getByLabel('Pescoço (cm)').fill('32')
		await page.getByRole('form', { name: 'Cadastrar pet' }).getByRole('button', { name: 'Cadastrar' }).click()
		await shell.toast('Pet cadastrado!')
		await page.getByTestId('meu-pet').getByText('Shih-tzu · pescoço 32 cm').waitFor()
		await expectAccessible(page, '/user/pets')

		// A bandana with sizes: the suggestion names Thor and a size the product sells.
		await page.goto('/categoria/bandanas')
		const href = await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href')
		const product = new ProductPage(page)
		await page.goto(href!)
		await product.waitForHydration()
		const hint = page.getByTestId('tamanho-sugerido').first()
		expect(await hint.textContent()).toMatch(/^Tamanho sugerido para Thor: [A-Z]{1,2}/)
		const size = (await hint.locator('strong').textContent())?.trim()
		expect(size).toMatch(/^[A-Z]{1,2}$/)
		await hint.getByRole('button', { name: `Escolher ${size}` }).click()
		expect(await product.optionValue('Tamanho', size!).isChecked()).toBe(true)
		await expectAccessible(page, 'produto com tamanho sugerido')

		// Signed out, the same page suggests nothing.
		const anonymous = await browser.newPage(DESKTOP)
		await anonymous.goto(href!)
		await anonymous.getByRole('heading', { level: 1 }).waitFor()
		expect(await anonymous.getByTestId('tamanho-sugerido').count()).toBe(0)
		expectNoPageErrors(page)
	})
})
