/** Shown when the shop takes no card payments (PAYMENT_MODE=live with no real provider yet; decision 019). */
export const CARD_UNAVAILABLE_MESSAGE = 'O pagamento com cartão não está disponível no momento. Escolha PIX ou fale conosco.'
