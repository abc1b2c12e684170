import { sql } from 'drizzle-orm'
import { itemSize, packParcels } from '~/commerce/rules/packing'
import type { LabelStep } from '~/db/schema/shipping'
import type { Actor } from '~/server/activity/record.server'
import { queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { changeOrderStatus } from '~/server/orders/status.server'
import { type StoreSettings, getStoreSettings } from '~/server/settings.server'
import { MelhorEnvioClient, MelhorEnvioError, centsToReais } from './client.server'
import { melhorEnvioConfig } from './provider.server'
import type { MelhorEnvioConfig } from './quotes.server'
import type { CartPerson, CartRequest, TrackingEntry } from './schemas'
import { storeTrackingEvents } from './tracking-events.server'

/**
 * 'Gerar etiqueta' (issue 32, decision 115): buys the Melhor Envio label of an order's chosen
 * service — POST /me/cart → /me/shipment/checkout → /me/shipment/generate → /me/shipment/print —
 * then marks the order 'Enviado' with the tracking code through the status function (the
 * shopper's e-mail goes from there). Each step is written to `shipping_labels` as soon as it is
 * done, so a run stopped anywhere (no balance, the carrier down, a crash) resumes at the step it
 * stopped: the Melhor Envio shipment id is kept and reused, and a shipment is never paid twice.
 */
export type LabelResult = { ok: true; printUrl: string; trackingCode: string; reference: string } | { ok: false; message: string; reference?: string }

/** Buying a label is not a shopper's page: it may take longer than a quote's 3 s time box. */
const LABEL_TIMEOUT_MS = 20_000

export const LABEL_MESSAGES = {
	notConfigured: 'O Melhor Envio não está configurado (MELHOR_ENVIO_TOKEN): informe o código de rastreio à mão.',
	notFound: 'Pedido não encontrado.',
	notMelhorEnvio: 'Este pedido não foi enviado por um serviço do Melhor Envio (frete da tabela): informe o código de rastreio à mão.',
	wrongStatus: 'Só pedidos pagos ou em produção recebem etiqueta.',
	running: 'A etiqueta deste pedido já está sendo gerada. Aguarde um instante e recarregue a página.',
	sender:
		'Endereço do remetente incompleto: em Configurações, preencha CNPJ, WhatsApp e o endereço da empresa no formato "Rua, número – bairro – cidade/UF – CEP".',
	balance: 'Saldo insuficiente no Melhor Envio para comprar esta etiqueta. Adicione saldo na carteira do Melhor Envio e tente de novo: nada foi cobrado.',
	down: 'O Melhor Envio não respondeu agora (serviço ou transportadora fora do ar). O que já foi feito ficou guardado: tente de novo em alguns minutos, sem risco de pagar duas vezes.',
	token: 'O Melhor Envio recusou o token configurado (MELHOR_ENVIO_TOKEN). Gere um token novo no painel do Melhor Envio.',
	addressTo: (detail: string) => `O Melhor Envio recusou o endereço do cliente${detail ? ` (${detail})` : ''}. Confira o endereço com o cliente e tente de novo.`,
	addressFrom: (detail: string) => `O Melhor Envio recusou o endereço do remetente${detail ? ` (${detail})` : ''}. Corrija o endereço da empresa em Configurações.`,
	refused: (detail: string) => `O Melhor Envio recusou a etiqueta${detail ? `: ${detail}` : ''}.`,
	notShipped: (why: string) => `A etiqueta foi comprada, mas o pedido não pôde ser marcado como enviado: ${why}`,
} as const

type Step = 'cart' | 'checkout' | 'generate' | 'print' | 'tracking'

/** Melhor Envio's failure, in the admin's words (decision 115). */
export function explainFailure(error: unknown, step: Step): string {
	if (!(error instanceof MelhorEnvioError)) return LABEL_MESSAGES.down
	const { status, fields } = error
	// Laravel's generic line says nothing the fields do not: the fields' own messages are kept.
	const detail = error.detail.replace(/^The given data was invalid\.(;\s*)?/i, '')
	if (status === 0 || status === 429 || status >= 500) return LABEL_MESSAGES.down
	if (status === 401) return LABEL_MESSAGES.token
	if (step === 'checkout' && /saldo|balance|wallet|carteira|insufficient|insuficiente/i.test(detail)) return LABEL_MESSAGES.balance
	if (fields.some((f) => f.startsWith('to.'))) return LABEL_MESSAGES.addressTo(detail)
	if (fields.some((f) => f.startsWith('from.'))) return LABEL_MESSAGES.addressFrom(detail)
	return LABEL_MESSAGES.refused(detail || `HTTP ${status}`)
}

/** 'Rua Exemplo, 100 – Vila Mariana – São Paulo/SP – 04000-000' (the settings' business address). */
export function parseBusinessAddress(text: string | null): Pick<CartPerson, 'address' | 'number' | 'complement' | 'district' | 'city' | 'state_abbr'> | null {
	if (!text) return null
	const match = /^(.+?),\s*([^\s–—-][^–—]*?)\s*[–—-]\s*(.+?)\s*[–—-]\s*(.+?)\s*\/\s*([A-Za-z]{2})\b/.exec(text.trim())
	if (!match) return null
	const [, street = '', numberAndComplement = '', district = '', city = '', uf = ''] = match
	const [number = '', ...complement] = numberAndComplement.split(/\s+/)
	if (!street || !number || !district || !city) return null
	return { address: street, number, ...(complement.length ? { complement: complement.join(' ') } : {}), district, city, state_abbr: uf.toUpperCase() }
}

/** The shop as sender: the company (CNPJ) from the settings, leaving from the origin CEP of the quotes. */
export function senderOf(settings: StoreSettings): CartPerson | null {
	const address = parseBusinessAddress(settings.businessAddress)
	// Brazilian numbers without the country code: 10 or 11 digits.
	const phone = settings.whatsappNumber.replace(/^55(?=\d{10,11}$)/, '')
	if (!address || !settings.cnpj || !/^\d{10,11}$/.test(phone)) return null
	return {
		name: (settings.legalName ?? settings.storeName).slice(0, 255),
		phone,
		email: settings.contactEmail,
		company_document: settings.cnpj,
		...address,
		country_id: 'BR',
		postal_code: settings.shippingOriginCep,
	}
}

type OrderForLabel = {
	id: string
	reference: string
	status: string
	customer_name: string
	email: string
	cpf: string
	phone: string
	cep: string
	street: string
	number: string
	complement: string | null
	district: string
	city: string
	uf: string
	shipping_service_id: number | null
}

type LabelRow = { order_id: string; step: LabelStep; me_order_id: string | null; tracking_code: string | null; print_url: string | null }

/** The cart request: the order's address, lines (the content declaration) and parcels (decision 086). */
export async function cartRequestOf(order: OrderForLabel, sender: CartPerson, settings: StoreSettings): Promise<CartRequest> {
	const lines = await queryRows<{
		product_title: string
		variant_title: string | null
		quantity: number
		line_total_cents: number
		product_type: string | null
		weight_grams: number | null
		length_cm: number | null
		width_cm: number | null
		height_cm: number | null
	}>(sql`select l.product_title, l.variant_title, l.quantity, l.line_total_cents, p.product_type,
			v.weight_grams, v.length_cm, v.width_cm, v.height_cm
		from order_lines l
		left join product_variants v on v.id = l.variant_id
		left join products p on p.id = l.product_id
		where l.order_id = ${order.id}::uuid order by l.product_title, l.variant_title`)
	const parcels = packParcels(
		lines.map((line) => ({
			...itemSize({ weightGrams: line.weight_grams, lengthCm: line.length_cm, widthCm: line.width_cm, heightCm: line.height_cm }, line.product_type),
			quantity: line.quantity,
			unitPriceCents: Math.floor(line.line_total_cents / Math.max(1, line.quantity)),
		})),
	)
	const insuredCents = parcels.reduce((sum, p) => sum + p.insuredCents, 0)
	const complement = order.complement?.trim()
	return {
		service: order.shipping_service_id as number,
		from: sender,
		to: {
			name: order.customer_name.slice(0, 255),
			...(/^\d{10,11}$/.test(order.phone) ? { phone: order.phone } : {}),
			email: order.email,
			document: order.cpf,
			address: order.street,
			...(complement ? { complement } : {}),
			number: order.number,
			district: order.district,
			city: order.city,
			state_abbr: order.uf,
			country_id: 'BR',
			postal_code: order.cep,
		},
		products: lines.map((line) => ({
			name: (line.variant_title && line.variant_title !== 'Default Title' && line.variant_title !== 'Único' ? `${line.product_title} — ${line.variant_title}` : line.product_title).slice(0, 255),
			quantity: line.quantity,
			unitary_value: centsToReais(Math.floor(line.line_total_cents / Math.max(1, line.quantity))),
		})),
		volumes: parcels.map((p) => ({ height: p.heightCm, width: p.widthCm, length: p.lengthCm, weight: Math.round(p.weightGrams) / 1000 })),
		// No invoice integration: a content declaration (non_commercial) with the declared value insured.
		options: {
			insurance_value: centsToReais(insuredCents),
			receipt: false,
			own_hand: false,
			reverse: false,
			non_commercial: true,
			platform: settings.storeName.slice(0, 100),
			tags: [{ tag: `Pedido ${order.reference}`, url: null }],
		},
	}
}

class LabelStop extends Error {}

/**
 * Buys (or finishes) the label of one order. Safe to call again after any failure: it resumes at
 * the step recorded, and a second run while one is going is refused.
 */
export async function generateLabel(orderId: string, actor: Actor | null, override?: { config?: MelhorEnvioConfig | null }): Promise<LabelResult> {
	const settings = await getStoreSettings()
	const baseConfig = override?.config !== undefined ? override.config : melhorEnvioConfig(settings)
	if (!baseConfig) return { ok: false, message: LABEL_MESSAGES.notConfigured }
	const [order] = await queryRows<OrderForLabel>(
		sql`select id, reference, status, customer_name, email, cpf, phone, cep, street, number, complement, district, city, uf, shipping_service_id
			from orders where id = ${orderId}::uuid`,
	)
	if (!order) return { ok: false, message: LABEL_MESSAGES.notFound }
	const reference = order.reference
	if (order.shipping_service_id === null) return { ok: false, message: LABEL_MESSAGES.notMelhorEnvio, reference }

	await queryRows(sql`insert into shipping_labels (order_id) values (${order.id}::uuid) on conflict (order_id) do nothing`)
	const existing = (await queryRows<LabelRow>(sql`select order_id, step, me_order_id, tracking_code, print_url from shipping_labels where order_id = ${order.id}::uuid`))[0]
	// A label already made: its PDF again (reprint), nothing bought.
	if (existing?.step === 'done' && existing.print_url && existing.tracking_code) {
		return { ok: true, printUrl: existing.print_url, trackingCode: existing.tracking_code, reference }
	}
	if (order.status !== 'pago' && order.status !== 'em_producao' && !(order.status === 'enviado' && existing?.step === 'printed')) {
		return { ok: false, message: LABEL_MESSAGES.wrongStatus, reference }
	}
	// One run per order at a time, on every server: a claim that expires, not a transaction held
	// open across the HTTP calls (which would hold a connection — PGlite's only one — for seconds).
	const [claimed] = await queryRows<LabelRow>(
		sql`update shipping_labels set running_until = now() + interval '3 minutes'
			where order_id = ${order.id}::uuid and (running_until is null or running_until < now())
			returning order_id, step, me_order_id, tracking_code, print_url`,
	)
	if (!claimed) return { ok: false, message: LABEL_MESSAGES.running, reference }

	const client = new MelhorEnvioClient({ ...baseConfig, timeoutMs: Math.max(baseConfig.timeoutMs, override?.config ? baseConfig.timeoutMs : LABEL_TIMEOUT_MS) })
	let label = claimed
	const save = async (changes: { step: LabelStep; meOrderId?: string | null; protocol?: string | null; trackingCode?: string | null; printUrl?: string | null }) => {
		const [row] = await queryRows<LabelRow>(
			sql`update shipping_labels set step = ${changes.step},
				me_order_id = ${changes.meOrderId === undefined ? label.me_order_id : changes.meOrderId},
				protocol = coalesce(${changes.protocol ?? null}, protocol),
				tracking_code = coalesce(${changes.trackingCode ?? null}, tracking_code),
				print_url = coalesce(${changes.printUrl ?? null}, print_url),
				last_error = null, updated_at = now()
				where order_id = ${order.id}::uuid
				returning order_id, step, me_order_id, tracking_code, print_url`,
		)
		if (row) label = row
	}
	const call = async <T>(step: Step, work: () => Promise<T>): Promise<T> => {
		try {
			return await work()
		} catch (error) {
			logger.warn({ reference, step, error: error instanceof Error ? error.message : String(error) }, 'etiqueta do Melhor Envio: etapa falhou')
			throw new LabelStop(explainFailure(error, step))
		}
	}

	try {
		// Resuming a shipment put in the cart but not known to be paid: a checkout whose answer was
		// lost may have paid it. Ask first; pay only a shipment Melhor Envio still calls 'pending'.
		if (label.step === 'cart' && label.me_order_id) {
			const meId = label.me_order_id
			const entry = (await call('tracking', () => client.tracking([meId])))[meId]
			if (entry && entry.status !== 'pending') {
				if (entry.status === 'canceled' || entry.status === 'expired') await save({ step: 'new', meOrderId: null })
				else await save({ step: 'paid' })
			}
		}
		if (label.step === 'new' || !label.me_order_id) {
			const sender = senderOf(settings)
			if (!sender) throw new LabelStop(LABEL_MESSAGES.sender)
			const body = await cartRequestOf(order, sender, settings)
			const created = await call('cart', () => client.addToCart(body))
			// Kept at once: a retry reuses this shipment instead of putting another in the cart.
			await save({ step: 'cart', meOrderId: created.id, protocol: created.protocol ?? null })
		}
		const meId = label.me_order_id as string
		if (label.step === 'cart') {
			await call('checkout', () => client.checkout([meId]))
			await save({ step: 'paid' })
		}
		if (label.step === 'paid') {
			const generated = await call('generate', () => client.generate([meId]))
			const outcome = generated[meId]
			if (outcome && !outcome.status) throw new LabelStop(LABEL_MESSAGES.refused(outcome.message ?? ''))
			await save({ step: 'generated' })
		}
		if (label.step === 'generated') {
			const printed = await call('print', () => client.print([meId]))
			const entry = (await call('tracking', () => client.tracking([meId])))[meId]
			const trackingCode = trackingCodeOf(entry) ?? label.tracking_code
			if (entry) await storeTrackingEvents(order.id, entry)
			await save({ step: 'printed', printUrl: printed.url, trackingCode })
		}
		const trackingCode = label.tracking_code
		const printUrl = label.print_url
		if (!trackingCode || !printUrl) throw new LabelStop(LABEL_MESSAGES.refused('a etiqueta veio sem código de rastreio'))
		await markShipped(order.id, order.status, trackingCode, actor)
		await save({ step: 'done' })
		return { ok: true, printUrl, trackingCode, reference }
	} catch (error) {
		const message = error instanceof LabelStop ? error.message : LABEL_MESSAGES.down
		if (!(error instanceof LabelStop)) logger.error({ reference, error: String(error) }, 'etiqueta do Melhor Envio: erro inesperado')
		await queryRows(sql`update shipping_labels set last_error = ${message}, updated_at = now() where order_id = ${order.id}::uuid`)
		return { ok: false, message, reference }
	} finally {
		await queryRows(sql`update shipping_labels set running_until = null where order_id = ${order.id}::uuid`)
	}
}

/** The carrier's code when there is one, else Melhor Envio's own (some carriers give theirs later). */
export function trackingCodeOf(entry: TrackingEntry | undefined): string | null {
	return entry?.tracking?.trim() || entry?.melhorenvio_tracking?.trim() || null
}

/** 'Pago' passes through 'Em produção' (the status flow has no shortcut), then 'Enviado' with the code. */
async function markShipped(orderId: string, status: string, trackingCode: string, actor: Actor | null): Promise<void> {
	const who = { actorUserId: actor?.actorId ?? null, actorIp: actor?.ip ?? null, actorLabel: 'Etiqueta do Melhor Envio' }
	if (status === 'enviado') return
	if (status === 'pago') {
		const produced = await changeOrderStatus({ orderId, to: 'em_producao', onlyFrom: 'pago', ...who })
		if (!produced.ok) throw new LabelStop(LABEL_MESSAGES.notShipped(produced.message))
	}
	const shipped = await changeOrderStatus({ orderId, to: 'enviado', onlyFrom: 'em_producao', trackingCode, ...who })
	if (!shipped.ok) throw new LabelStop(LABEL_MESSAGES.notShipped(shipped.message))
}

/** What the admin order page shows of the label. */
export async function labelOf(orderId: string): Promise<{ step: LabelStep; trackingCode: string | null; printUrl: string | null; lastError: string | null } | null> {
	const [row] = await queryRows<{ step: LabelStep; tracking_code: string | null; print_url: string | null; last_error: string | null }>(
		sql`select step, tracking_code, print_url, last_error from shipping_labels where order_id = ${orderId}::uuid`,
	)
	return row ? { step: row.step, trackingCode: row.tracking_code, printUrl: row.print_url, lastError: row.last_error } : null
}
