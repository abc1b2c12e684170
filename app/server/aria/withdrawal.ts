/**
 * How to give a purchase up (issue 31, decision 117), as both assistants say it: the law's 7 days,
 * written from what the shop's pages do ('Desistir da compra' on the order), not from an entry the
 * owner edits — it describes the code, as the fixed section of /trocas-e-devolucoes does.
 */
export const WITHDRAWAL_LINE =
	'Você pode desistir da compra em até 7 dias depois de receber o pedido, sem precisar explicar o motivo, e devolvemos o valor pago, frete incluído: é só tocar em “Desistir da compra” no pedido. Nas peças personalizadas, isso vale até a produção começar.'

/** The same, in one breath, after an answer about exchanges. */
export const WITHDRAWAL_SHORT = 'Se preferir desistir da compra, você tem 7 dias depois de receber: é só tocar em “Desistir da compra” no pedido.'
