import type { ActivityKind } from '~/db/schema/activity'
import type { OrderStatus } from '~/db/schema/orders'
import { formatMoney } from '~/utils/format'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import type { ReturnRequestStatus } from '~/db/schema/returns'
import { RETURN_REQUEST_STATUS_LABELS } from '~/utils/return-status'

/** Issue 30: the activity log's kinds, as /admin/atividade and the LGPD export name them. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
	price: 'Preço',
	stock: 'Estoque',
	settings: 'Configurações',
	order_status: 'Status do pedido',
	refund: 'Devolução',
	role: 'Papel da conta',
	review: 'Avaliação',
	photo: 'Foto',
	return_request: 'Arrependimento',
	product: 'Produto',
	coupon: 'Cupom',
	loyalty: 'Fidelidade',
}

/** The 'Pessoa' filter's value for changes made by the shop itself (payment providers, jobs). */
export const SYSTEM_ACTOR = 'sistema'

/** Field names of the recorded changes, in Portuguese; a settings key not listed shows as it is. */
const FIELD_LABELS: Record<string, string> = {
	priceCents: 'Preço',
	compareAtPriceCents: 'Preço "de"',
	stock: 'Estoque',
	available: 'Disponível',
	status: 'Status',
	trackingCode: 'Código de rastreio',
	refundedCents: 'Total devolvido',
	returnStatus: 'Pedido de arrependimento',
	role: 'Papel',
	isApproved: 'Aprovada',
	rating: 'Nota',
	tiers: 'Faixas de preço',
	storeName: 'Nome da loja',
	logoUrl: 'Logo',
	contactEmail: 'E-mail de contato',
	whatsappNumber: 'WhatsApp',
	city: 'Cidade',
	instagramUrl: 'Instagram',
	pixKey: 'Chave PIX',
	pixMerchantName: 'Nome do recebedor PIX',
	pixMerchantCity: 'Cidade do recebedor PIX',
	freeShippingThresholdCents: 'Frete grátis a partir de',
	giftProductHandle: 'Produto brinde',
	giftThresholdCents: 'Brinde a partir de',
	shippingRateCents: 'Frete sem região reconhecida',
	shippingTable: 'Frete por região',
	pixDiscountPercent: 'Desconto no PIX (%)',
	pixPaymentWindowHours: 'Prazo para pagar o PIX (horas)',
	cardInterestFreeInstallments: 'Parcelas sem juros',
	lowStockThreshold: 'Limite de estoque baixo',
	loyaltyPoints: 'Pontos por evento',
	photoPointsPerDay: 'Fotos com pontos por dia',
	activityLogRetentionDays: 'Guardar o registro de atividade (dias)',
	legalName: 'Razão social',
	cnpj: 'CNPJ',
	businessAddress: 'Endereço da empresa',
	returnsPolicy: 'Trocas e devoluções',
	privacyPolicy: 'Política de privacidade',
	termsOfUse: 'Termos de uso',
	productionDays: 'Produção (dias úteis)',
	personalizedProductionDays: 'Produção das personalizadas (dias úteis)',
	deliveryCutoffHour: 'Horário de corte',
	shippingOriginCep: 'CEP de origem',
	carrierServices: 'Serviços cotados',
	freeShippingServiceId: 'Serviço com frete grátis',
	appStoreUrl: 'App Store',
	title: 'Título',
	handle: 'Endereço',
	code: 'Código',
	kind: 'Tipo de desconto',
	value: 'Valor do desconto',
	minSubtotalCents: 'Pedido mínimo',
	usageLimit: 'Limite de usos',
	startsAt: 'Início',
	endsAt: 'Fim',
	active: 'Ativo',
	isActive: 'Ativa',
	levels: 'Níveis',
	name: 'Nome',
	description: 'Descrição',
	icon: 'Ícone',
	badgeTier: 'Categoria',
	ruleType: 'Regra',
	ruleThreshold: 'Meta da regra',
	pointsReward: 'Pontos de prêmio',
	playStoreUrl: 'Google Play',
	totalPoints: 'Saldo de pontos',
	pointsAdjustment: 'Ajuste de pontos',
	reason: 'Motivo',
	source: 'Origem',
}

export function activityFieldLabel(field: string): string {
	return FIELD_LABELS[field] ?? field
}

const ROLE_LABELS: Record<string, string> = { admin: 'Administrador', customer: 'Cliente' }
const COUPON_KIND_TEXT: Record<string, string> = { percentage: 'Porcentagem', fixed: 'Valor fixo', free_shipping: 'Frete grátis' }
/** A product's status (an order's statuses have other names). */
const PRODUCT_STATUS_TEXT: Record<string, string> = { active: 'Ativo', draft: 'Rascunho', archived: 'Arquivado' }
const LONG_TEXT = 120

/** One recorded value as a person reads it: money in R$, statuses and roles in words, Sim/Não. */
export function activityValueText(field: string, value: unknown): string {
	if (value === null || value === undefined) return '—'
	if (typeof value === 'boolean') return value ? 'Sim' : 'Não'
	if (typeof value === 'number' && /Cents$/.test(field)) return formatMoney(value)
	if (field === 'status' && typeof value === 'string') return ORDER_STATUS_LABELS[value as OrderStatus] ?? PRODUCT_STATUS_TEXT[value] ?? value
	if (field === 'role' && typeof value === 'string') return ROLE_LABELS[value] ?? value
	if (field === 'kind' && typeof value === 'string') return COUPON_KIND_TEXT[value] ?? value
	if (field === 'levels' && Array.isArray(value)) return value.map(levelText).join('; ') || '—'
	if (field === 'returnStatus' && typeof value === 'string') return RETURN_REQUEST_STATUS_LABELS[value as ReturnRequestStatus] ?? value
	if (field === 'tiers' && Array.isArray(value)) return value.map(tierText).join('; ') || '—'
	const text = typeof value === 'string' ? value : JSON.stringify(value)
	return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text
}

/** A wholesale tier as the page shows it: '10–49: R$ 20,00', '50 ou mais: R$ 18,00'. */
function tierText(tier: unknown): string {
	const t = (tier ?? {}) as { minQuantity?: unknown; maxQuantity?: unknown; unitPriceCents?: unknown }
	const range = typeof t.maxQuantity === 'number' ? `${String(t.minQuantity)}–${t.maxQuantity}` : `${String(t.minQuantity)} ou mais`
	return `${range}: ${typeof t.unitPriceCents === 'number' ? formatMoney(t.unitPriceCents) : '—'}`
}

/** A loyalty level as the page shows it: 'Ouro: 1000 pontos'. */
function levelText(level: unknown): string {
	const l = (level ?? {}) as { name?: unknown; minPoints?: unknown }
	return `${String(l.name)}: ${String(l.minPoints)} pontos`
}

export type ActivityChange = { field: string; label: string; before: string; after: string }

/** The changed fields of an entry, before → after, in words ('Removida': a review or photo deleted). */
export function activityChanges(before: unknown, after: unknown): ActivityChange[] {
	const asRecord = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})
	const b = asRecord(before)
	const a = asRecord(after)
	const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])]
	return fields.map((field) => ({
		field,
		label: activityFieldLabel(field),
		before: before === null ? '—' : activityValueText(field, b[field]),
		after: after === null ? 'Removida' : activityValueText(field, a[field]),
	}))
}
