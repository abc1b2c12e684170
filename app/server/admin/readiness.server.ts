import { defaultStoreSettings, type StoreSettings } from '~/server/settings.server'

/**
 * 'Sua loja está pronta para vender?' (issue 30, decision 105): what still shows the demo shop
 * or is not set up, computed from the shop's real state. Pure: the dashboard's loader passes the
 * settings, what the server's environment has configured (never a secret, only yes/no) and a
 * count from the catalogue; the unit tests pass a fresh demo shop and a configured one.
 */

/** What the environment has configured: booleans and the payment mode, never a value. */
export type ReadinessEnv = {
	paymentMode: 'test' | 'live'
	/** Mercado Pago (cards) configured. */
	cardProvider: boolean
	/** The bank's API Pix (automatic PIX confirmation) configured. */
	pixApi: boolean
	/** SMTP_URL set: e-mails leave the shop instead of staying in the outbox. */
	smtp: boolean
	/** PUBLIC_URL, if set (the shop's address in e-mails and links). */
	publicUrl: string | undefined
}

export type ReadinessCounts = {
	/** Active products whose pictures are still the demo drawings (/imagens/demo/...). */
	productsWithDemoImages: number
}

export type ReadinessItem = {
	id: ReadinessItemId
	title: string
	done: boolean
	/** What the owner sees: why it matters (pending) or what was found (done). Plain words. */
	detail: string
	/** Where it is fixed. */
	to: string
	/** The link's words. */
	action: string
	/** For whoever installed the shop: the server setting involved (shown apart, small). */
	installerHint?: string
}

export type ReadinessItemId =
	'pix' | 'logo' | 'contact' | 'company' | 'policies' | 'demo-images' | 'shipping-origin' | 'payments' | 'email' | 'address'

type ReadinessSettings = Pick<
	StoreSettings,
	| 'pixKey'
	| 'logoUrl'
	| 'contactEmail'
	| 'whatsappNumber'
	| 'legalName'
	| 'cnpj'
	| 'businessAddress'
	| 'returnsPolicy'
	| 'privacyPolicy'
	| 'termsOfUse'
	| 'shippingOriginCep'
>

const SETTINGS = '/admin/configuracoes'

/** Loopback or example hosts are not an address shoppers can reach. */
function isRealAddress(url: string | undefined): boolean {
	if (!url) return false
	try {
		const host = new URL(url).hostname
		return (
			!/^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i.test(host) &&
			!host.endsWith('.localhost') &&
			!/\.(example|test|invalid)$/i.test(host)
		)
	} catch {
		return false
	}
}

export function shopReadiness(settings: ReadinessSettings, env: ReadinessEnv, counts: ReadinessCounts): ReadinessItem[] {
	const demo = defaultStoreSettings()
	const pixIsDemo = settings.pixKey !== null && settings.pixKey === demo.pixKey
	const contactIsDemo = settings.contactEmail === demo.contactEmail || settings.whatsappNumber === demo.whatsappNumber
	const companyMissing = !settings.legalName || !settings.cnpj || !settings.businessAddress
	const companyIsDemo =
		settings.legalName === demo.legalName || settings.cnpj === demo.cnpj || settings.businessAddress === demo.businessAddress
	const policiesLeft = [
		settings.returnsPolicy === demo.returnsPolicy ? 'trocas e devoluções' : null,
		settings.privacyPolicy === demo.privacyPolicy ? 'privacidade' : null,
		settings.termsOfUse === demo.termsOfUse ? 'termos de uso' : null,
	].filter((name): name is string => name !== null)
	const demoImages = counts.productsWithDemoImages
	const realPayments = env.paymentMode === 'live' && (env.cardProvider || env.pixApi)

	return [
		{
			id: 'pix',
			title: 'Chave PIX da loja',
			done: settings.pixKey !== null && !pixIsDemo,
			detail:
				settings.pixKey === null
					? 'Sem chave PIX, o checkout não oferece PIX.'
					: pixIsDemo
						? 'A chave PIX ainda é a da loja de demonstração: os pagamentos iriam para outra pessoa.'
						: 'Os pagamentos por PIX vão para a sua chave.',
			to: `${SETTINGS}#pixKey`,
			action: 'Informar a chave PIX',
		},
		{
			id: 'logo',
			title: 'Logo',
			done: settings.logoUrl !== null,
			detail: settings.logoUrl === null ? 'O topo da loja mostra só o nome, em texto.' : 'O logo aparece no topo da loja.',
			to: `${SETTINGS}#logoUrl`,
			action: 'Colocar o logo',
		},
		{
			id: 'contact',
			title: 'E-mail e WhatsApp de contato',
			done: !contactIsDemo,
			detail: contactIsDemo
				? 'O e-mail ou o WhatsApp ainda são os da demonstração: os clientes não conseguiriam falar com você.'
				: 'Os clientes falam com você pelo seu e-mail e WhatsApp.',
			to: `${SETTINGS}#contactEmail`,
			action: 'Informar o contato',
		},
		{
			id: 'company',
			title: 'Razão social, CNPJ e endereço',
			done: !companyMissing && !companyIsDemo,
			detail: companyMissing
				? 'O rodapé deve dizer quem vende: falta a razão social, o CNPJ ou o endereço.'
				: companyIsDemo
					? 'O rodapé ainda mostra a empresa de demonstração.'
					: 'O rodapé mostra os dados da sua empresa.',
			to: `${SETTINGS}#legalName`,
			action: 'Informar a empresa',
		},
		{
			id: 'policies',
			title: 'Políticas da loja',
			done: policiesLeft.length === 0,
			detail:
				policiesLeft.length === 0
					? 'As páginas de trocas, privacidade e termos têm os seus textos.'
					: `Revise os textos de exemplo: ${policiesLeft.join(', ')}.`,
			to: `${SETTINGS}#returnsPolicy`,
			action: 'Revisar as políticas',
		},
		{
			id: 'demo-images',
			title: 'Fotos dos produtos',
			done: demoImages === 0,
			detail:
				demoImages === 0
					? 'Nenhum produto à venda mostra os desenhos da demonstração.'
					: demoImages === 1
						? '1 produto à venda ainda mostra os desenhos da demonstração.'
						: `${demoImages} produtos à venda ainda mostram os desenhos da demonstração.`,
			to: '/admin/produtos',
			action: 'Trocar as fotos',
		},
		{
			id: 'shipping-origin',
			title: 'CEP de onde saem as encomendas',
			done: settings.shippingOriginCep !== demo.shippingOriginCep,
			detail:
				settings.shippingOriginCep === demo.shippingOriginCep
					? 'O CEP de origem ainda é o da demonstração: o frete seria calculado a partir de outro lugar.'
					: 'O frete é calculado a partir do seu CEP.',
			to: `${SETTINGS}#shippingOriginCep`,
			action: 'Informar o CEP',
		},
		{
			id: 'payments',
			title: 'Receber pagamentos de verdade',
			done: realPayments,
			detail:
				env.paymentMode === 'test'
					? 'A loja está em modo de teste: nenhum pagamento é cobrado. Peça a quem instalou a loja para ligar o modo real.'
					: realPayments
						? `Pagamentos reais ligados${env.cardProvider ? ': cartão pelo Mercado Pago' : ''}${env.pixApi ? `${env.cardProvider ? ' e' : ':'} PIX confirmado pelo banco` : ''}.`
						: 'Modo real ligado, mas sem Mercado Pago nem PIX automático: só PIX com confirmação manual. Peça a quem instalou a loja para configurar.',
			to: `${SETTINGS}#recebimento`,
			action: 'Ver os pagamentos',
			installerHint: 'PAYMENT_MODE=live e MERCADOPAGO_ACCESS_TOKEN ou PIX_PROVIDER=api-pix (README)',
		},
		{
			id: 'email',
			title: 'E-mails saindo para os clientes',
			done: env.smtp,
			detail: env.smtp
				? 'Os e-mails de pedido e de senha são enviados aos clientes.'
				: 'Os e-mails ficam só na caixa de saída da loja; os clientes não os recebem. Peça a quem instalou a loja para configurar o envio.',
			to: '/admin/emails',
			action: 'Ver a caixa de saída',
			installerHint: 'SMTP_URL (README)',
		},
		{
			id: 'address',
			title: 'Endereço da loja na internet',
			done: isRealAddress(env.publicUrl),
			detail: isRealAddress(env.publicUrl)
				? `Os links dos e-mails levam para ${env.publicUrl}.`
				: 'A loja não sabe o próprio endereço: os links dos e-mails não abririam para os clientes. Peça a quem instalou a loja para configurá-lo.',
			to: '/admin/emails',
			action: 'Ver os e-mails',
			installerHint: 'PUBLIC_URL (README)',
		},
	]
}
