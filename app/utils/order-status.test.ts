import { describe, expect, test } from 'vitest'
import { ORDER_STATUSES } from '~/db/schema/orders'
import { ORDER_TRANSITIONS } from '~/server/orders/status.server'
import { ONE_TAP_STATUSES, nextOrderStep } from './order-status'

describe('nextOrderStep (issue 30: the orders list on a phone)', () => {
	test('paid, in production and delivered are one tap; shipping opens the order for its tracking code', () => {
		expect(ORDER_STATUSES.map((status) => [status, nextOrderStep(status)])).toEqual([
			['aguardando_pagamento', { kind: 'move', to: 'pago', label: 'Marcar como pago' }],
			['pago', { kind: 'move', to: 'em_producao', label: 'Iniciar produção' }],
			['em_producao', { kind: 'open', label: 'Informar rastreio' }],
			['enviado', { kind: 'move', to: 'entregue', label: 'Marcar como entregue' }],
			['entregue', { kind: 'open', label: 'Ver pedido' }],
			['cancelado', { kind: 'open', label: 'Ver pedido' }],
		])
	})

	test('every one-tap move is a move the status rule allows, and never a cancellation', () => {
		for (const status of ORDER_STATUSES) {
			const step = nextOrderStep(status)
			if (step.kind === 'move') {
				expect(ORDER_TRANSITIONS[status]).toContain(step.to)
				expect(ONE_TAP_STATUSES).toContain(step.to)
			} else {
				expect(ORDER_TRANSITIONS[status].filter((to) => to !== 'cancelado' && to !== 'enviado')).toEqual([])
			}
		}
	})
})
