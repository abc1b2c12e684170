/**
 * Tag on products that exist for the cart and the personalization flows (add-ons such as
 * 'Personalização: Perfume 10ml', bandana bases, the gift) and not for browsing. Providers
 * keep them out of listings and search, but still find them by handle: the product page and
 * the cart add them as separate lines (document 000 §9 'Product-page add-ons').
 */
export const INTERNAL_TAG = 'uso-interno'
