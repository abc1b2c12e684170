import type { BrowserContext } from 'playwright-core'
import { inject } from 'vitest'
import type { FakeFailure } from '#tests/support/fake-storefront/server'
import { demoStorefrontCatalogue } from './demo-storefront'
import { e2eServer } from './e2e-server'

/**
 * Which commerce provider the e2e server runs (decision 053). The storefront files run twice: on
 * the built-in provider, then on the Storefront API provider (the fake server holding the demo
 * catalogue). A test that cannot hold there is skipped with `test.skipIf(onStorefront())` and a
 * comment giving the reason; keep those few.
 */
export function onStorefront(): boolean {
	return inject('provider') === 'storefront'
}

/**
 * For `test.skipIf(providerIndependent())`: a test whose subject comes from the page itself, not from
 * the commerce provider (the dark theme's contrast, reduced motion, focus and keyboard, the hero
 * video, the page's own scripts) runs on the built-in run only (decision 074). The storefront run
 * keeps what the provider feeds: products, prices, options, collections, search, cart and checkout.
 */
export function providerIndependent(): boolean {
	return onStorefront()
}

/** A variant or product id as either provider writes it: a uuid (built-in) or a Shopify gid. */
export const PRODUCT_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|gid:\/\/shopify\/(Product|ProductVariant)\/\d+)$/

/** The catalogue the fake Storefront server holds on the storefront run (same gids as global setup's). */
export const storefrontCatalogue = demoStorefrontCatalogue

/**
 * This file's fake Storefront server on the storefront run (one per app server), driven over HTTP
 * from a test file (it lives in global setup's process): the next requests' failures, and the carts the shop created there.
 */
export const fakeStorefront = {
	async failNext(...failures: FakeFailure[]): Promise<void> {
		await control('fail-next', failures)
	},
	async carts(): Promise<{ id: string; input: { lines?: { merchandiseId: string; quantity?: number }[] } }[]> {
		return (await control('carts')) as never
	},
}

async function control(action: string, body?: unknown): Promise<unknown> {
	const base = e2eServer().fakeStorefrontControl
	if (!base) throw new Error('o servidor Storefront falso só existe na execução E2E_PROVIDER=storefront')
	const response = await fetch(`${base}/${action}`, {
		method: body === undefined ? 'GET' : 'POST',
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	})
	if (!response.ok) throw new Error(`servidor Storefront falso: ${action} → HTTP ${response.status}`)
	return response.json()
}

/** The fake store's hosted checkout (the checkoutUrl its cartCreate answers). */
export const HOSTED_CHECKOUT = 'https://loja-fake.myshopify.com'
export const HOSTED_CHECKOUT_URL = new RegExp(`^${HOSTED_CHECKOUT.replace(/\./g, '\\.')}/cart/c/.*channel=online_store`)

/** The hosted checkout's page, answered by the browser context itself: tests never reach the internet. */
export async function answerHostedCheckout(context: BrowserContext): Promise<void> {
	await context.route(`${HOSTED_CHECKOUT}/**`, (route) =>
		route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<title>Checkout da loja</title><h1>Checkout</h1>' }),
	)
}
