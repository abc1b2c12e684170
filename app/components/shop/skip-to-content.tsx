/** The first focusable element of a storefront page: a keyboard user jumps past the header to `#conteudo`. */
export function SkipToContent() {
	return (
		<a
			href="#conteudo"
			className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
		>
			Pular para o conteúdo
		</a>
	)
}
