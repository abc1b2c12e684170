import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import {
	BoldIcon,
	Heading2Icon,
	ItalicIcon,
	LinkIcon,
	ListIcon,
	ListOrderedIcon,
	type LucideIcon,
	Redo2Icon,
	Undo2Icon,
	UnlinkIcon,
} from '~/components/icons/lucide'
import { useState } from 'react'
import { cn } from '~/utils/cn'
import type { RichTextFieldProps } from './rich-text-field'

/** Only what a product description needs: the sanitiser on the server allows the same tags. */
const extensions = [
	StarterKit.configure({
		heading: { levels: [2, 3] },
		code: false,
		codeBlock: false,
		horizontalRule: false,
		strike: false,
		underline: false,
		link: { openOnClick: false, autolink: true, protocols: ['https', 'http', 'mailto'], HTMLAttributes: { rel: 'noopener', target: null } },
	}),
]

/** Tiptap with a toolbar; loaded by rich-text-field.tsx once the page is interactive. */
export default function RichTextEditor({ id, name, label, defaultValue, describedBy, invalid }: RichTextFieldProps) {
	const [html, setHtml] = useState(defaultValue)
	const editor = useEditor({
		extensions,
		content: defaultValue,
		immediatelyRender: false,
		editorProps: {
			attributes: {
				id,
				role: 'textbox',
				'aria-multiline': 'true',
				'aria-label': label,
				...(describedBy ? { 'aria-describedby': describedBy } : {}),
				...(invalid ? { 'aria-invalid': 'true' } : {}),
				// The storefront's description styles, so the owner sees what shoppers will.
				class:
					'min-h-32 px-3 py-2 text-sm outline-none [&_a]:text-primary [&_a]:underline [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5',
			},
		},
		onUpdate: ({ editor: current }) => setHtml(current.isEmpty ? '' : current.getHTML()),
	})
	const state = useEditorState({
		editor,
		selector: ({ editor: current }) => ({
			bold: current?.isActive('bold') ?? false,
			italic: current?.isActive('italic') ?? false,
			heading: current?.isActive('heading', { level: 2 }) ?? false,
			bullet: current?.isActive('bulletList') ?? false,
			ordered: current?.isActive('orderedList') ?? false,
			link: current?.isActive('link') ?? false,
		}),
	})

	const button = (title: string, Icon: LucideIcon, run: () => void, pressed?: boolean) => (
		<button
			type="button"
			title={title}
			aria-label={title}
			aria-pressed={pressed}
			disabled={!editor}
			onMouseDown={(event) => event.preventDefault()}
			onClick={run}
			className={cn(
				'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
				pressed && 'bg-accent text-accent-foreground',
			)}
		>
			<Icon className="size-4" aria-hidden="true" />
		</button>
	)
	const chain = () => editor?.chain().focus()

	return (
		<div
			className={cn(
				'rounded-md border border-input shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
				invalid && 'border-destructive',
			)}
		>
			<div role="toolbar" aria-label={`Formatação: ${label}`} className="flex flex-wrap gap-0.5 border-b p-1">
				{button('Negrito', BoldIcon, () => chain()?.toggleBold().run(), state?.bold)}
				{button('Itálico', ItalicIcon, () => chain()?.toggleItalic().run(), state?.italic)}
				{button('Subtítulo', Heading2Icon, () => chain()?.toggleHeading({ level: 2 }).run(), state?.heading)}
				{button('Lista', ListIcon, () => chain()?.toggleBulletList().run(), state?.bullet)}
				{button('Lista numerada', ListOrderedIcon, () => chain()?.toggleOrderedList().run(), state?.ordered)}
				{button(
					'Link',
					LinkIcon,
					() => {
						const url = window.prompt('Endereço do link (https://…)', editor?.getAttributes('link').href ?? 'https://')
						if (url === null) return
						if (url.trim() === '' || url.trim() === 'https://') chain()?.unsetLink().run()
						else chain()?.extendMarkRange('link').setLink({ href: url.trim() }).run()
					},
					state?.link,
				)}
				{button('Remover link', UnlinkIcon, () => chain()?.unsetLink().run())}
				{button('Desfazer', Undo2Icon, () => chain()?.undo().run())}
				{button('Refazer', Redo2Icon, () => chain()?.redo().run())}
			</div>
			<EditorContent editor={editor} />
			<input type="hidden" name={name} value={html} />
		</div>
	)
}
