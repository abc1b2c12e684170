import { lazy, Suspense } from 'react'
import { Textarea } from '~/components/ui/textarea'
import { useHydrated } from '~/utils/use-hydrated'

const RichTextEditor = lazy(() => import('./rich-text-editor'))

export type RichTextFieldProps = {
	id: string
	name: string
	label: string
	defaultValue: string
	describedBy?: string
	invalid?: boolean
}

/**
 * The product description (issue 11): a small rich-text editor (bold, italic, headings, lists,
 * links). The server renders a plain HTML textarea, which also serves a browser without
 * JavaScript; once the page is interactive the editor (Tiptap, loaded on demand so only this page
 * pays for it) takes its place and keeps a hidden field of the same name. The server sanitises
 * whatever arrives (sanitize-html.server.ts), so the editor is a convenience, never the guard.
 */
export function RichTextField(props: RichTextFieldProps) {
	const enhanced = useHydrated()
	const fallback = (
		<Textarea
			id={props.id}
			name={props.name}
			defaultValue={props.defaultValue}
			rows={6}
			aria-invalid={props.invalid ? true : undefined}
			aria-describedby={props.describedBy}
		/>
	)
	if (!enhanced) return fallback
	return (
		<Suspense fallback={fallback}>
			<RichTextEditor {...props} />
		</Suspense>
	)
}
