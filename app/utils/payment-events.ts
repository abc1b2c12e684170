import type { PaymentEventKind } from '~/db/schema/payments'

/** How the admin's payment timeline names each event (issue 29). */
export const PAYMENT_EVENT_LABELS: Record<PaymentEventKind, string> = {
	charge_created: 'Cobrança criada',
	charge_fallback: 'PSP indisponível: BR Code estático',
	notification_received: 'Pagamento recebido',
	confirmed: 'Pagamento confirmado',
	flag_amount_mismatch: 'Valor diferente do pedido',
	flag_paid_after_expiry: 'Pago depois do prazo',
	flag_unknown_charge: 'PIX sem pedido',
	charge_removed: 'Cobrança removida',
	refund_requested: 'Devolução pedida',
	refund_completed: 'Devolução concluída',
	refund_failed: 'Devolução não realizada',
	charge_declined: 'Pagamento recusado',
	flag_charged_back: 'Contestação (chargeback)',
}
