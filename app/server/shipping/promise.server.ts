import { type PromisedRange, formatPromise, promisedRangeOfTotals } from '~/commerce/rules/delivery-date'
import { nowMs } from '~/server/clock.server'

/**
 * The promised date of an order or a quote on the server (decision 085), from the totals an order
 * stores (production + transit, business days) and the store's cut-off hour. Everything that
 * tells a date (checkout, order page, e-mails, the assistant) goes through here or through
 * `delivery-date.ts` itself, so they all say the same thing.
 */
export type OrderForPromise = {
	status: string
	paidAt: Date | string | null
	minDays: number | null
	maxDays: number | null
}

export type OrderPromise = {
	range: PromisedRange
	/** 'Chega entre 8 e 11 de dezembro'. */
	text: string
	/** Counted from now because the payment is not confirmed yet (the date holds if it is today). */
	ifPaidToday: boolean
}

/** A quote's range, counted from now (the payment confirmed now). */
export function quotePromise(minDays: number, maxDays: number, settings: { deliveryCutoffHour: number }, at = nowMs()): PromisedRange {
	return promisedRangeOfTotals(at, minDays, maxDays, { cutoffHour: settings.deliveryCutoffHour })
}

/**
 * An order's promise: from the payment's confirmation once paid, from now while it waits for the
 * payment; none for a cancelled order or one placed before the shop stored its days.
 */
export function orderPromise(order: OrderForPromise, settings: { deliveryCutoffHour: number }, at = nowMs()): OrderPromise | null {
	if (order.minDays === null || order.maxDays === null || order.status === 'cancelado') return null
	const waiting = order.status === 'aguardando_pagamento' || order.paidAt === null
	const start = waiting ? at : new Date(order.paidAt as Date | string).getTime()
	const range = quotePromise(order.minDays, order.maxDays, settings, start)
	return { range, text: formatPromise(range), ifPaidToday: waiting }
}
