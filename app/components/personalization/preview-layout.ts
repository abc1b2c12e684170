/**
 * The builders' preview column (issue 31). On a wide screen it stays beside the form (sticky
 * under the header, as before). On a phone, where it sits above the form, it stays in view under
 * the shop's sticky header (36 px banner + 64 px bar + 1 px border) at a smaller height, so the
 * piece changes where the shopper can see it while she picks colours and arts further down.
 */
export const PREVIEW_STICKY =
	'sticky top-[101px] z-10 -mx-4 border-b bg-background px-4 py-2 md:top-28 md:z-auto md:mx-0 md:self-start md:border-0 md:bg-transparent md:p-0'

/** The framed drawing: 128 px high on a phone, the column's width beside the form. */
export const PREVIEW_BOX = 'flex flex-col items-center rounded-2xl border bg-muted/40 p-2 md:p-4 max-md:[&_svg]:h-32 max-md:[&_svg]:w-auto'

/**
 * On the form beside it: a control reached with the keyboard on a phone is scrolled to below the
 * stuck preview and above the stuck total bar, never hidden under either (WCAG 2.4.11).
 */
export const FORM_UNDER_PREVIEW =
	'max-md:[&_:is(input,button,select,textarea,a)]:scroll-mt-[19rem] max-md:[&_:is(input,button,select,textarea,a)]:scroll-mb-32'
