/**
 * The checkout's constants without its schema: the page's state list and the test provider's
 * card code import these, and importing them from checkout-schema.ts would put zod in the
 * checkout's first load (issue 34, decision 137). checkout-schema.ts re-exports them.
 */
export const BRAZIL_UFS = [
	'AC',
	'AL',
	'AP',
	'AM',
	'BA',
	'CE',
	'DF',
	'ES',
	'GO',
	'MA',
	'MT',
	'MS',
	'MG',
	'PA',
	'PB',
	'PR',
	'PE',
	'PI',
	'RJ',
	'RN',
	'RS',
	'RO',
	'RR',
	'SC',
	'SP',
	'SE',
	'TO',
] as const
export type Uf = (typeof BRAZIL_UFS)[number]

/**
 * Tokens of the embedded test card provider. The browser turns the card fields (which have no
 * `name`, so they are never submitted) into one of these; the server only ever sees the token.
 */
export const TEST_CARD_TOKENS = {
	approved: 'tok_test_approved',
	declined: 'tok_test_declined',
	insufficientFunds: 'tok_test_insufficient_funds',
} as const
