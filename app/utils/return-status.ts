import type { ReturnRequestStatus } from '~/db/schema/returns'

/** Issue 31 (decision 117): a withdrawal request's state, as the owner and the shopper read it. */
export const RETURN_REQUEST_STATUS_LABELS: Record<ReturnRequestStatus, string> = {
	aberto: 'Aguardando resposta',
	aprovado: 'Aprovada',
	recusado: 'Recusada',
}
