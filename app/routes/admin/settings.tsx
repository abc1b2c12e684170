import { sql } from 'drizzle-orm'
import { useState } from 'react'
import { data, Form, useFetcher, useNavigation } from 'react-router'
import { ZodError } from 'zod'
import { AdminPage, FieldMessage, NativeSelect } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { requireAdmin } from '~/server/auth/guards.server'
import { db, queryRows } from '~/server/db.server'
import { actorOf } from '~/server/activity/record.server'
import { readFormData } from '~/server/read-form.server'
import { getStoreSettings, SettingsNotAppliedError, updateStoreSettings } from '~/server/settings.server'
import { redirectWithToast } from '~/server/toast.server'
import { type PixProviderInfo, pixProviderInfo } from '~/server/payments/api-pix/provider.server'
import { registerPixWebhook } from '~/server/payments/api-pix/reconcile.server'
import { getEnv } from '~/server/env.server'
import { mercadoPagoInfo } from '~/server/payments/mercadopago/provider.server'
import { melhorEnvioInfo } from '~/server/shipping/melhor-envio/provider.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/settings'
import { Textarea } from '~/components/ui/textarea'
import { cn } from '~/utils/cn'
import { SHIPPING_REGION_LABELS, SHIPPING_REGIONS } from '~/commerce/rules/shipping'
import { PHOTO_MESSAGES } from '~/utils/photo-upload'
import { responsiveImageProps } from '~/utils/responsive-image'
import type { StoreLogoAnswer } from './settings-logo'
import { PIX_KEY_TYPE_LABELS, pixKeyFeedback, pixKeyType } from '~/commerce/rules/pix-key'
import {
	KEPT_WHEN_ABSENT,
	SETTINGS_FIELD_OF,
	type SettingsFormFields,
	settingsFormSchema,
	settingsFormValues,
	toSettingsUpdate,
} from './settings-form'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Configurações da loja', matches) }]

/** /admin/configuracoes: the store settings (decision 16) that the storefront and checkout read. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const [settings, giftChoices] = await Promise.all([getStoreSettings(), activeProductChoices()])
	const keyType = settings.pixKey ? pixKeyType(settings.pixKey) : null
	// The kind the shop recognised in the stored key, so the owner sees a CPF was taken as a CPF.
	return {
		values: settingsFormValues(settings),
		// Issue 30: sent as a file (/admin/configuracoes/logo), shown here with its preview.
		logoUrl: settings.logoUrl,
		pixKeyKind: keyType ? PIX_KEY_TYPE_LABELS[keyType] : null,
		giftChoices,
		pixProvider: pixProviderInfo(),
		cardProvider: cardProviderStatus(),
		// Issue 32 (decision 113): whether carrier quotes are on; never the token.
		melhorEnvio: melhorEnvioStatus(),
	}
}

/** Melhor Envio's state for the owner: on or off, and where (production, sandbox, another host such as the tests' fake). */
function melhorEnvioStatus() {
	const info = melhorEnvioInfo()
	const host = new URL(info.apiUrl).host
	const environment = !info.configured ? null : info.sandbox ? 'sandbox' : /(^|\.)melhorenvio\.com\.br$/i.test(host) ? 'producao' : 'outro'
	return { configured: info.configured, environment, host }
}

/** Issue 30: the gift product is picked by name among the products on sale (the setting keeps the handle). */
async function activeProductChoices(): Promise<Array<{ handle: string; title: string }>> {
	return queryRows<{ handle: string; title: string }>(
		sql`select handle, title from products where status = 'active' order by lower(title), handle limit 1000`,
	)
}

/** Issue 29: how cards are taken, from the environment (never a secret: the public key's start, the API host). */
function cardProviderStatus() {
	const mode = getEnv().PAYMENT_MODE
	return { mode, mercadoPago: mercadoPagoInfo() }
}

type FieldErrors = Partial<Record<SettingsFormFields, string>>

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = await readFormData(request)
	if (form.get('intent') === 'register-pix-webhook') {
		// Issue 29: the same PUT /webhook/{chave} as at start-up, when the owner changed the key or the PSP was down.
		const result = await registerPixWebhook()
		return redirectWithToast('/admin/configuracoes', result.ok
			? { type: 'success', title: 'Webhook registrado no PSP', description: `As notificações de PIX da chave ${result.chave} vêm para a loja.` }
			: { type: 'error', title: 'Webhook não registrado', description: result.message })
	}
	const raw: Record<string, string> = {}
	for (const [key, value] of form) if (typeof value === 'string') raw[key] = value
	// A field missing from the form is '' (an emptied input), except those an older form may
	// lack, which keep what is stored.
	const typed = Object.fromEntries(
		Object.keys(settingsFormSchema.shape)
			.filter((key) => key in raw || !KEPT_WHEN_ABSENT.has(key as SettingsFormFields))
			.map((key) => [key, raw[key] ?? '']),
	) as Record<SettingsFormFields, string>

	const fail = (errors: FieldErrors) => data({ errors, values: typed }, { status: 400 })
	const parsed = settingsFormSchema.safeParse(typed)
	if (!parsed.success) {
		const errors: FieldErrors = {}
		for (const issue of parsed.error.issues) {
			const field = issue.path[0] as SettingsFormFields
			errors[field] ??= issue.message
		}
		return fail(errors)
	}
	const handle = parsed.data.giftProductHandle
	if (handle) {
		const [product] = await queryRows<{ id: string }>(sql`select id from products where handle = ${handle}`)
		if (!product) return fail({ giftProductHandle: `Nenhum produto com o identificador "${handle}".` })
	}
	try {
		await updateStoreSettings(toSettingsUpdate(parsed.data), db, actorOf(admin, context))
	} catch (error) {
		if (error instanceof SettingsNotAppliedError) {
			// Written but not read back as written: undone, and said so beside each field.
			const errors: FieldErrors = {}
			for (const key of error.keys) {
				const field = SETTINGS_FIELD_OF[key as keyof typeof SETTINGS_FIELD_OF]
				if (field) errors[field] = 'Este valor não pôde ser salvo: a loja continuaria usando o anterior. Nada foi alterado.'
			}
			return fail(errors)
		}
		if (!(error instanceof ZodError)) throw error
		const errors: FieldErrors = {}
		for (const issue of error.issues) {
			// The shipping table's issues name their region and column ('shippingTable.sul.maxDays').
			const [key, region, column] = issue.path
			const field =
				key === 'shippingTable' && typeof region === 'string' && typeof column === 'string'
					? (`shipping${column === 'rateCents' ? 'Rate' : column === 'minDays' ? 'MinDays' : 'MaxDays'}_${region}` as SettingsFormFields)
					: SETTINGS_FIELD_OF[key as keyof typeof SETTINGS_FIELD_OF]
			if (field) errors[field] ??= issue.message
		}
		return fail(errors)
	}
	return redirectWithToast('/admin/configuracoes', {
		type: 'success',
		title: 'Configurações salvas!',
		description: 'A loja já usa os novos valores.',
	})
}

type FieldSpec = {
	name: SettingsFormFields
	label: string
	hint?: string
	type?: string
	inputMode?: 'decimal' | 'numeric' | 'email' | 'url' | 'tel'
	placeholder?: string
	required?: boolean
	maxLength?: number
	/** A long text (the policy pages): a textarea spanning the card. */
	multiline?: boolean
}

/** `carrierStatus`: the section shows whether Melhor Envio's quotes are on (decision 113). */
const SECTIONS: Array<{ title: string; description?: string; fields: FieldSpec[]; columns?: 2 | 3; carrierStatus?: true }> = [
	{
		title: 'Loja',
		fields: [
			{ name: 'storeName', label: 'Nome da loja', required: true, maxLength: 80 },
			{ name: 'contactEmail', label: 'E-mail de contato', type: 'email', required: true },
			{
				name: 'whatsappNumber',
				label: 'WhatsApp',
				inputMode: 'tel',
				hint: 'Só números, com DDI e DDD (ex.: 5511999999999). O número que vem com a loja (5511999999999) é de demonstração: troque pelo WhatsApp real.',
				required: true,
			},
			{ name: 'city', label: 'Cidade', required: true, maxLength: 80 },
			{ name: 'instagramUrl', label: 'Instagram (URL)', placeholder: 'https://www.instagram.com/sua-loja' },
		],
	},
	{
		title: 'PIX',
		fields: [
			{
				name: 'pixKey',
				label: 'Chave PIX',
				hint: 'CPF ou CNPJ (com ou sem pontos), e-mail, celular com DDD, ex.: (11) 98765-4321, ou chave aleatória. Em branco: PIX desativado no checkout.',
				maxLength: 100,
			},
			{ name: 'pixMerchantName', label: 'Nome do recebedor', hint: 'Até 25 caracteres, sem acentos.', required: true, maxLength: 40 },
			{ name: 'pixMerchantCity', label: 'Cidade do recebedor', hint: 'Até 15 caracteres, sem acentos.', required: true, maxLength: 30 },
			{
				name: 'pixPaymentWindowHours',
				label: 'Prazo para pagar o PIX (horas)',
				inputMode: 'numeric',
				placeholder: '24',
				hint: 'Depois desse prazo o pedido não pago é cancelado e o estoque e o cupom voltam. De 1 a 720 horas.',
				required: true,
				maxLength: 4,
			},
		],
	},
	{
		// Issue 29 (decision 077): what the shop absorbs of card instalments.
		title: 'Cartão',
		fields: [
			{
				name: 'cardInterestFreeInstallments',
				label: 'Parcelas sem juros (até)',
				inputMode: 'numeric',
				placeholder: '6',
				hint: 'De 1 a 6. Acima disso o cliente vê os juros do Mercado Pago. Configure o mesmo número de parcelas sem juros na sua conta do Mercado Pago.',
				required: true,
				maxLength: 1,
			},
		],
	},
	{
		// Issue 13: who sells, in the footer; the policy pages linked from the footer and the checkout.
		title: 'Empresa e políticas',
		fields: [
			{ name: 'legalName', label: 'Razão social', maxLength: 120, hint: 'Aparece no rodapé. Em branco: não aparece. O valor inicial é de demonstração.' },
			{ name: 'cnpj', label: 'CNPJ', placeholder: '00.000.000/0000-00', hint: 'Números, ou letras e números nos CNPJs novos (ex.: 12.ABC.345/01DE-35). O CNPJ inicial (11.222.333/0001-81) é de demonstração.' },
			{ name: 'businessAddress', label: 'Endereço da empresa', maxLength: 200, hint: 'Aparece no rodapé. O endereço inicial é de demonstração.' },
			{ name: 'returnsPolicy', label: 'Trocas e devoluções', multiline: true, hint: 'Página /trocas-e-devolucoes. Separe os parágrafos com uma linha em branco.' },
			{ name: 'privacyPolicy', label: 'Política de privacidade', multiline: true, hint: 'Página /privacidade.' },
			{ name: 'termsOfUse', label: 'Termos de uso', multiline: true, hint: 'Página /termos-de-uso.' },
		],
	},
	{
		// Issue 32 (decision 085): the promised date is production + transit in business days.
		title: 'Prazo prometido',
		description:
			'A data de entrega mostrada na loja soma a produção e o prazo da transportadora, em dias úteis (sem fins de semana, feriados nacionais, Carnaval e Corpus Christi), contados da confirmação do pagamento.',
		fields: [
			{ name: 'productionDays', label: 'Produção (dias úteis)', inputMode: 'numeric', required: true, maxLength: 2, hint: "Aparece na faixa de avisos ('Produção em 4 dias úteis')." },
			{ name: 'personalizedProductionDays', label: 'Produção das peças personalizadas (dias úteis)', inputMode: 'numeric', required: true, maxLength: 2, hint: 'Vale quando o pedido tem uma peça personalizada; o maior dos dois prazos.' },
			{ name: 'deliveryCutoffHour', label: 'Horário de corte (0 a 23)', inputMode: 'numeric', required: true, maxLength: 2, hint: 'Pagamentos confirmados a partir desta hora (horário de Brasília) começam a contar no próximo dia útil.' },
		],
		columns: 3,
	},
	{
		// Issue 32 (decision 087): carrier quotes through Melhor Envio when MELHOR_ENVIO_TOKEN is set.
		title: 'Transportadoras (Melhor Envio)',
		carrierStatus: true,
		description:
			'Com as cotações ligadas, o checkout, a página do produto e o carrinho cotam estes serviços do Melhor Envio a partir do CEP de origem. Sem elas, ou se o Melhor Envio não responder em poucos segundos, vale o frete por região abaixo.',
		fields: [
			{ name: 'shippingOriginCep', label: 'CEP de origem', inputMode: 'numeric', required: true, maxLength: 9, placeholder: '01310-100', hint: 'De onde saem as encomendas. O CEP inicial é de demonstração.' },
			{ name: 'carrierServices', label: 'Serviços cotados', required: true, maxLength: 100, placeholder: '1, 2', hint: 'Números dos serviços no Melhor Envio, separados por vírgula (1 PAC, 2 SEDEX, 3 Jadlog .Package…).' },
			{ name: 'freeShippingServiceId', label: 'Serviço com frete grátis', inputMode: 'numeric', maxLength: 4, placeholder: '1', hint: 'Acima do valor de frete grátis, só este serviço fica grátis (os outros mantêm o preço). Em branco: nenhum.' },
		],
		columns: 3,
	},
	{
		// Issue 13: shipping quoted by the delivery CEP's region, with its delivery window.
		title: 'Frete por região',
		description:
			'O frete e o prazo da transportadora (em dias úteis, depois da produção) de cada região, pelo CEP de entrega. Acima do valor de frete grátis, o frete é grátis em todas as regiões.',
		fields: SHIPPING_REGIONS.flatMap((region): FieldSpec[] => {
			const label = SHIPPING_REGION_LABELS[region]
			return [
				{ name: `shippingRate_${region}`, label: `${label}: frete (R$)`, inputMode: 'decimal', placeholder: '19,90', required: true },
				{ name: `shippingMinDays_${region}`, label: `${label}: prazo mínimo (dias úteis)`, inputMode: 'numeric', required: true, maxLength: 2 },
				{ name: `shippingMaxDays_${region}`, label: `${label}: prazo máximo (dias úteis)`, inputMode: 'numeric', required: true, maxLength: 2 },
			]
		}),
		columns: 3,
	},
	{
		title: 'Pagamento no PIX e aplicativos',
		fields: [
			{
				name: 'pixDiscountPercent',
				label: 'Desconto no PIX (%)',
				inputMode: 'decimal',
				placeholder: '5',
				maxLength: 4,
				hint: "Desconto sobre os produtos (não sobre o frete) para quem paga com PIX, mostrado junto dos preços ('5% de desconto no PIX'). Em branco: sem desconto.",
			},
			{ name: 'appStoreUrl', label: 'Link do app na App Store', inputMode: 'url', hint: 'Em branco: o selo da App Store não aparece no rodapé.' },
			{ name: 'playStoreUrl', label: 'Link do app no Google Play', inputMode: 'url', hint: 'Em branco: o selo do Google Play não aparece no rodapé.' },
		],
	},
	{
		title: 'Frete e brinde',
		fields: [
			{ name: 'freeShippingThreshold', label: 'Frete grátis a partir de (R$)', inputMode: 'decimal', placeholder: '100,00', required: true },
			{
				name: 'shippingRate',
				label: 'Frete sem região reconhecida (R$)',
				inputMode: 'decimal',
				placeholder: '19,90',
				required: true,
				hint: 'Usado quando o CEP não pertence a nenhuma faixa dos Correios.',
			},
			{ name: 'giftProductHandle', label: 'Produto brinde', hint: 'O produto que vai de presente no carrinho a partir do valor abaixo. “Sem brinde”: nenhum.' },
			{ name: 'giftThreshold', label: 'Brinde a partir de (R$)', inputMode: 'decimal', placeholder: '100,00', required: true },
		],
	},
	{
		// Issue 30 (decision 096): the back-office activity log (/admin/atividade) is purged after this.
		title: 'Registro de atividade',
		fields: [
			{
				name: 'activityLogRetentionDays',
				label: 'Guardar o registro de atividade por N dias',
				inputMode: 'numeric',
				placeholder: '365',
				required: true,
				maxLength: 4,
				hint: 'Quem mudou o quê no painel (/admin/atividade). Registros mais antigos são apagados automaticamente. De 90 a 3650 dias.',
			},
		],
	},
]

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const saving = navigation.state === 'submitting'
	const values = actionData?.values ?? loaderData.values
	const errors: FieldErrors = actionData?.errors ?? {}
	// Remount the inputs with the server's values after an error, so nothing typed is lost.
	const formKey = actionData ? JSON.stringify(actionData.values) : 'stored'
	return (
		<AdminPage title="Configurações da loja" description="Dados da loja, PIX, empresa, políticas, frete e brinde usados no site e no checkout.">
			<StoreLogoCard logoUrl={loaderData.logoUrl} storeName={loaderData.values.storeName} />
			<Form method="post" key={formKey} className="grid gap-6" noValidate>
				{Object.keys(errors).length > 0 ? (
					<p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
						Corrija os campos destacados.
					</p>
				) : null}
				{SECTIONS.map((section) => (
					<Card key={section.title}>
						<CardHeader>
							<CardTitle>
								<h2>{section.title}</h2>
							</CardTitle>
							{section.description ? <p className="text-sm text-muted-foreground">{section.description}</p> : null}
							{section.carrierStatus ? <MelhorEnvioStatus info={loaderData.melhorEnvio} /> : null}
						</CardHeader>
						<CardContent className={cn('grid gap-4', section.columns === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2')}>
							{section.fields.map((field) => {
								const error = errors[field.name]
								const hintId = `${field.name}-hint`
								const errorId = `${field.name}-error`
								return (
									<div key={field.name} className={cn('grid content-start gap-2', field.multiline && 'md:col-span-2')}>
										<Label htmlFor={field.name}>{field.label}</Label>
										{field.name === 'giftProductHandle' ? (
											<GiftProductSelect
												choices={loaderData.giftChoices}
												value={values[field.name] ?? ''}
												invalid={Boolean(error)}
												describedBy={field.hint ? `${hintId} ${errorId}` : errorId}
											/>
										) : field.name === 'pixKey' ? (
											<PixKeyInput
												defaultValue={values[field.name] ?? ''}
												invalid={Boolean(error)}
												describedBy={`${hintId} pixKey-feedback ${errorId}`}
												maxLength={field.maxLength}
											/>
										) : field.multiline ? (
											<Textarea
												id={field.name}
												name={field.name}
												defaultValue={values[field.name]}
												rows={8}
												maxLength={20_000}
												aria-invalid={error ? true : undefined}
												aria-describedby={field.hint ? `${hintId} ${errorId}` : errorId}
											/>
										) : (
										<Input
											id={field.name}
											name={field.name}
											type={field.type ?? 'text'}
											inputMode={field.inputMode}
											defaultValue={values[field.name]}
											placeholder={field.placeholder}
											required={field.required}
											maxLength={field.maxLength}
											aria-invalid={error ? true : undefined}
											aria-describedby={field.hint ? `${hintId} ${errorId}` : errorId}
										/>
										)}
										{field.hint ? (
											<p id={hintId} className="text-xs text-muted-foreground">
												{field.hint}
												{field.name === 'pixKey' && loaderData.pixKeyKind && !error ? (
													<span data-testid="pix-key-kind">{` Chave salva: ${loaderData.pixKeyKind}.`}</span>
												) : null}
											</p>
										) : null}
										<FieldMessage id={errorId} message={error} />
									</div>
								)
							})}
						</CardContent>
					</Card>
				))}
				<div>
					<Button type="submit" disabled={saving}>
						{saving ? 'Salvando...' : 'Salvar configurações'}
					</Button>
				</div>
			</Form>
			<div id="recebimento" className="mt-6 grid scroll-mt-20 gap-6">
				<PixProviderCard info={loaderData.pixProvider} busy={saving} />
				<CardProviderCard status={loaderData.cardProvider} />
			</div>
		</AdminPage>
	)
}

const LOGO_ENDPOINT = '/admin/configuracoes/logo'

/**
 * Issue 30: the store's logo, sent as a file the moment it is chosen (a phone photo is shrunk in
 * the browser first, decision 073), with the current one's preview and 'Remover logo'. Its own
 * card outside the settings form: the file goes to /admin/configuracoes/logo, and 'Salvar
 * configurações' leaves the logo as it is. `#logoUrl` (the readiness checklist's link) is the file input.
 */
function StoreLogoCard({ logoUrl, storeName }: { logoUrl: string | null; storeName: string }) {
	const uploader = useFetcher<StoreLogoAnswer>()
	const remover = useFetcher<StoreLogoAnswer>()
	const [preparing, setPreparing] = useState(false)
	const [refused, setRefused] = useState<string | null>(null)
	const busy = preparing || uploader.state !== 'idle' || remover.state !== 'idle'
	const failed = [uploader.data, remover.data].find((answer) => answer && !answer.ok)
	const error = refused ?? failed?.message

	async function send(file: File | undefined) {
		setRefused(null)
		if (!file) return
		setPreparing(true)
		let prepared: File
		try {
			const { prepareImage } = await import('~/utils/image-shrink')
			prepared = (await prepareImage(file)).file
		} catch (reason) {
			setRefused(reason instanceof Error && reason.name === 'ShrinkError' ? reason.message : PHOTO_MESSAGES.failed)
			return
		} finally {
			setPreparing(false)
		}
		const form = new FormData()
		form.set('intent', 'upload')
		form.set('logo', prepared)
		await uploader.submit(form, { method: 'post', action: LOGO_ENDPOINT, encType: 'multipart/form-data' })
	}

	return (
		<Card className="mb-6" data-testid="store-logo">
			<CardHeader>
				<CardTitle>
					<h2>Logo da loja</h2>
				</CardTitle>
				<p className="text-sm text-muted-foreground">Aparece no topo da loja e no checkout. Sem logo, o nome da loja aparece em texto.</p>
			</CardHeader>
			<CardContent className="grid gap-4 md:grid-cols-2">
				<div className="grid content-start gap-2">
					<p className="text-sm font-medium">Logo atual</p>
					{logoUrl ? (
						<>
							<div className="flex h-16 items-center rounded-md border bg-background px-3">
								<img
									{...responsiveImageProps(logoUrl, { sizes: '160px' })}
									alt={`Logo atual de ${storeName}`}
									width={160}
									height={36}
									className="h-9 w-40 object-contain object-left"
								/>
							</div>
							<remover.Form method="post" action={LOGO_ENDPOINT}>
								<input type="hidden" name="intent" value="remove" />
								<Button type="submit" variant="outline" size="sm" disabled={busy}>
									{remover.state !== 'idle' ? 'Removendo...' : 'Remover logo'}
								</Button>
							</remover.Form>
						</>
					) : (
						<p className="text-sm text-muted-foreground">Nenhum logo enviado: o topo da loja mostra “{storeName}” em texto.</p>
					)}
				</div>
				<div className="grid content-start gap-2">
					<Label htmlFor="logoUrl">{logoUrl ? 'Trocar o logo' : 'Enviar logo'}</Label>
					<Input
						id="logoUrl"
						type="file"
						accept="image/jpeg,image/png,image/webp"
						disabled={busy}
						aria-invalid={error ? true : undefined}
						aria-describedby="logoUrl-hint logoUrl-error"
						onChange={(event) => {
							const input = event.currentTarget
							void send(input.files?.[0]).finally(() => {
								input.value = ''
							})
						}}
					/>
					<p id="logoUrl-hint" className="text-xs text-muted-foreground" role="status">
						{preparing
							? 'Preparando a imagem...'
							: uploader.state !== 'idle'
								? 'Enviando o logo...'
								: 'JPEG, PNG ou WebP, até 5MB (fotos do celular maiores são reduzidas antes do envio). PNG ou WebP com fundo transparente fica melhor no tema escuro.'}
					</p>
					<FieldMessage id="logoUrl-error" message={error} />
				</div>
			</CardContent>
		</Card>
	)
}

/** Issue 30: the gift product by name; a stored handle no longer on sale stays listed, so saving keeps it. */
function GiftProductSelect({
	choices,
	value,
	invalid,
	describedBy,
}: {
	choices: ReadonlyArray<{ handle: string; title: string }>
	value: string
	invalid: boolean
	describedBy: string
}) {
	const known = value === '' || choices.some((choice) => choice.handle === value)
	return (
		<NativeSelect id="giftProductHandle" name="giftProductHandle" defaultValue={value} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
			<option value="">Sem brinde</option>
			{known ? null : <option value={value}>{`${value} (não está à venda)`}</option>}
			{choices.map((choice) => (
				<option key={choice.handle} value={choice.handle}>
					{choice.title}
				</option>
			))}
		</NativeSelect>
	)
}

/** Issue 30: the PIX key checked by kind as the owner types, with the kind recognised (the same rule as the server's). */
function PixKeyInput({ defaultValue, invalid, describedBy, maxLength }: { defaultValue: string; invalid: boolean; describedBy: string; maxLength?: number }) {
	const [typed, setTyped] = useState<string | null>(null)
	const feedback = typed === null ? null : pixKeyFeedback(typed)
	return (
		<>
			<Input
				id="pixKey"
				name="pixKey"
				type="text"
				defaultValue={defaultValue}
				maxLength={maxLength}
				autoComplete="off"
				spellCheck={false}
				onChange={(event) => setTyped(event.currentTarget.value)}
				aria-invalid={invalid || (feedback !== null && !feedback.ok) || undefined}
				aria-describedby={describedBy}
			/>
			<p
				id="pixKey-feedback"
				data-testid="pix-key-feedback"
				aria-live="polite"
				className={cn('min-h-4 text-xs', feedback?.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-muted-foreground')}
			>
				{feedback?.message ?? ''}
			</p>
		</>
	)
}

/** Issue 29: which PIX provider runs (from the environment; never a secret) and the webhook button. */
function PixProviderCard({ info, busy }: { info: PixProviderInfo; busy: boolean }) {
	return (
		<Card data-testid="pix-provider">
			<CardHeader>
				<CardTitle>
					<h2>Recebimento por PIX</h2>
				</CardTitle>
			</CardHeader>
			<CardContent className="grid gap-3 text-sm">
				{info.provider === 'static' ? (
					<p>
						PIX estático: o pedido mostra um BR Code da chave da loja e você confirma cada pagamento no pedido. Para confirmar
						sozinho, configure a API Pix do seu banco (PIX_PROVIDER=api-pix; veja o README).
					</p>
				) : (
					<>
						<p>
							PIX automático pela API Pix do PSP <strong>{info.apiHost}</strong> (cliente {info.clientId}
							{info.mutualTls ? ', certificado mTLS configurado' : ', sem certificado: só para testes locais'}). Os pedidos ficam pagos
							quando o PSP avisa e a loja confere na API.
						</p>
						<p className="text-muted-foreground">Endereço do webhook: {info.webhookBase} (registrado ao iniciar a loja).</p>
						<Form method="post">
							<input type="hidden" name="intent" value="register-pix-webhook" />
							<Button type="submit" variant="outline" disabled={busy}>
								Registrar webhook no PSP
							</Button>
						</Form>
					</>
				)}
			</CardContent>
		</Card>
	)
}

/** Issue 29 (decision 079): whether cards go through Mercado Pago; never a secret. */
function CardProviderCard({ status }: { status: ReturnType<typeof cardProviderStatus> }) {
	const mp = status.mercadoPago
	return (
		<Card data-testid="card-provider">
			<CardHeader>
				<CardTitle>
					<h2>Recebimento por cartão</h2>
				</CardTitle>
			</CardHeader>
			<CardContent className="grid gap-3 text-sm">
				{status.mode === 'test' ? (
					<p>
						Modo de teste (PAYMENT_MODE=test): o checkout usa o provedor de cartão de teste e nenhum dinheiro é cobrado.
						{mp.configured ? ' O Mercado Pago está configurado e passa a cobrar com PAYMENT_MODE=live.' : ''}
					</p>
				) : mp.configured ? (
					<p>
						Cartões pelo <strong>Mercado Pago</strong> (API {mp.apiHost}, chave pública {mp.publicKey}). Notificações em {mp.webhookUrl}; as
						que se perderem são conferidas a cada 5 minutos.
					</p>
				) : (
					<p>
						Mercado Pago não configurado: a loja aceita só PIX. Configure MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY e
						MERCADOPAGO_WEBHOOK_SECRET (veja o README).
					</p>
				)}
			</CardContent>
		</Card>
	)
}

/**
 * Issue 32 (decision 113): whether the shop quotes the carriers, in plain words, and how to switch
 * it on. From the environment, never the token.
 */
function MelhorEnvioStatus({ info }: { info: ReturnType<typeof melhorEnvioStatus> }) {
	return (
		<div
			data-testid="melhor-envio-status"
			className={cn(
				'rounded-md border p-3 text-sm',
				info.configured ? 'border-emerald-700/40 bg-emerald-50 text-emerald-950 dark:bg-emerald-950/30 dark:text-emerald-100' : 'bg-muted/40',
			)}
		>
			{info.environment === 'producao' ? (
				<p>
					<strong>Cotações ligadas.</strong> A página do produto, o carrinho e o checkout mostram os preços e prazos reais destes serviços do
					Melhor Envio.
				</p>
			) : info.environment === 'sandbox' ? (
				<p>
					<strong>Cotações ligadas no ambiente de testes do Melhor Envio (sandbox).</strong> Os preços são de teste. Para cotar de verdade,
					use um token de produção e tire o MELHOR_ENVIO_API_URL da configuração do servidor.
				</p>
			) : info.environment === 'outro' ? (
				<p>
					<strong>Cotações ligadas</strong>, pelo endereço {info.host} (um ambiente de teste). Para cotar de verdade, use um token de
					produção e tire o MELHOR_ENVIO_API_URL da configuração do servidor.
				</p>
			) : (
				<p>
					<strong>Cotações das transportadoras desligadas.</strong> A loja usa o frete por região abaixo. Para ligar, gere um token no painel
					do Melhor Envio (Integrações → Permissões de acesso) e coloque-o em MELHOR_ENVIO_TOKEN na configuração do servidor (veja o README).
				</p>
			)}
		</div>
	)
}
