/**
 * The kinds of coupon (document 000 §9). Here rather than in the schema, which re-exports them:
 * the admin coupon form validates with them in the browser, and importing a value from
 * app/db/schema brings drizzle and the table definitions into that page (issue 14).
 */
export const COUPON_KINDS = ['percentage', 'fixed', 'free_shipping'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]
