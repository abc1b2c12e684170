/** The shop's policy pages (issue 13), linked from the footer and the checkout. */
export const POLICY_PAGES = {
	'/trocas-e-devolucoes': { title: 'Trocas e devoluções', setting: 'returnsPolicy' },
	'/privacidade': { title: 'Política de privacidade', setting: 'privacyPolicy' },
	'/termos-de-uso': { title: 'Termos de uso', setting: 'termsOfUse' },
} as const

export type PolicyPath = keyof typeof POLICY_PAGES

export const POLICY_LINKS = (Object.keys(POLICY_PAGES) as PolicyPath[]).map((to) => ({ to, label: POLICY_PAGES[to].title }))
