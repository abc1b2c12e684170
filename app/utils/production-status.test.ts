import { describe, expect, test } from 'vitest'
import type { OrderStatus } from '~/db/schema/orders'
import { type PieceState, checkProductionMove, checkShip, workStageOf } from './production-status'

const piece = (orderStatus: OrderStatus | null, started = false, completed = false): PieceState => ({ started, completed, orderStatus })

describe('production stage of a custom piece (issue 30, decision 090)', () => {
	test('only paid pieces have a stage; shipped and delivered come from the shop order', () => {
		expect(workStageOf(piece(null))).toBeNull()
		expect(workStageOf(piece('aguardando_pagamento'))).toBeNull()
		expect(workStageOf(piece('cancelado', true, true))).toBeNull()
		expect(workStageOf(piece('pago'))).toBe('na_fila')
		expect(workStageOf(piece('em_producao', true))).toBe('em_producao')
		expect(workStageOf(piece('em_producao', true, true))).toBe('pronto')
		expect(workStageOf(piece('enviado', true, true))).toBe('enviado')
		expect(workStageOf(piece('entregue', true, true))).toBe('entregue')
	})

	test('one step forward, or one back; nothing skips a step', () => {
		expect(checkProductionMove(piece('pago'), 'em_producao')).toEqual({ ok: true })
		expect(checkProductionMove(piece('em_producao', true), 'pronto')).toEqual({ ok: true })
		expect(checkProductionMove(piece('em_producao', true), 'na_fila')).toEqual({ ok: true })
		expect(checkProductionMove(piece('em_producao', true, true), 'em_producao')).toEqual({ ok: true })
		expect(checkProductionMove(piece('pago'), 'pronto')).toEqual({
			ok: false,
			message: 'Não é possível mudar a peça de "Na fila" para "Pronto".',
		})
		expect(checkProductionMove(piece('em_producao', true, true), 'na_fila')).toMatchObject({ ok: false })
		expect(checkProductionMove(piece('em_producao', true), 'em_producao')).toEqual({
			ok: false,
			message: 'A peça já está "Em produção".',
		})
	})

	test('unpaid, never checked out, cancelled or shipped pieces do not move', () => {
		expect(checkProductionMove(piece(null), 'em_producao')).toEqual({ ok: false, message: 'Só é possível produzir peças de pedidos pagos.' })
		expect(checkProductionMove(piece('aguardando_pagamento'), 'em_producao')).toEqual({
			ok: false,
			message: 'Só é possível produzir peças de pedidos pagos.',
		})
		expect(checkProductionMove(piece('cancelado', true), 'pronto')).toEqual({ ok: false, message: 'O pedido desta peça foi cancelado.' })
		expect(checkProductionMove(piece('enviado', true, true), 'em_producao')).toEqual({
			ok: false,
			message: 'O pedido desta peça já foi enviado.',
		})
	})

	test('the order ships from the queue once this piece and every other piece of it are ready', () => {
		expect(checkShip(piece('em_producao', true, true), 0)).toEqual({ ok: true })
		expect(checkShip(piece('em_producao', true, true), 1)).toEqual({
			ok: false,
			message: 'Ainda há peças deste pedido que não estão prontas.',
		})
		expect(checkShip(piece('em_producao', true), 0)).toEqual({ ok: false, message: 'Marque a peça como pronta antes de enviar o pedido.' })
		expect(checkShip(piece('aguardando_pagamento'), 0)).toMatchObject({ ok: false })
		expect(checkShip(piece('enviado', true, true), 0)).toEqual({ ok: false, message: 'O pedido desta peça já foi enviado.' })
	})
})
