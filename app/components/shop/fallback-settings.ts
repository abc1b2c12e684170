import type { ShellSettings } from './use-root-data'

/** What a shell shows when the root loader failed (root error page): defaults, signed out. */
export const FALLBACK_SETTINGS: ShellSettings = {
	storeName: 'Pet Estilo',
	logoUrl: null,
	contactEmail: 'contato@petestilo.com.br',
	whatsappNumber: '5511999999999',
	city: 'São Paulo',
	instagramUrl: null,
	legalName: null,
	cnpj: null,
	businessAddress: null,
	pixDiscountPercent: 0,
	appStoreUrl: null,
	playStoreUrl: null,
	productionDays: 4,
	// The root failed: no quote is offered on an error page.
	shippingCalculator: false,
}
