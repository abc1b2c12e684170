/**
 * The sentence of the abandoned-cart reminder's consent (decision 121): shown beside the checkbox
 * and recorded, word for word, with every 'yes' (cart_reminder_consents.consent_text).
 */
export const CART_REMINDER_CONSENT_TEXT = 'Quero receber um lembrete se eu esquecer itens no carrinho'
