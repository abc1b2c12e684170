import { ArrowLeftIcon, DownloadIcon } from '~/components/icons/lucide'
import { data, Form, Link, useNavigation, useSubmit } from 'react-router'
import { useState } from 'react'
import { z } from 'zod'
import { AdminPage, TableBox, td, th } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { requireAdmin } from '~/server/auth/guards.server'
import {
	type ImportFailure,
	type ImportPlan,
	applyProductImport,
	planProductImport,
} from '~/server/catalog-admin/product-import.server'
import { dropStashedImport, openStashedImport, stashImportFile } from '~/server/catalog-admin/import-stash.server'
import { PRODUCT_CSV_MAX_BYTES, PRODUCT_IMPORT_BODY_BYTES } from '~/server/catalog-admin/shopify-csv'
import { readShopifyProductCsv } from '~/server/catalog-admin/shopify-csv-reader.server'
import { errorForLog } from '~/server/log-safe-error.server'
import { logger } from '~/server/logger.server'
import { readMultipartForm } from '~/server/storage.server'
import { redirectWithToast } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/products-import'
import { CheckCount, ImportFileStep } from '~/components/admin/import-check'
import { useFileUpload } from '~/components/admin/media/use-file-upload'
import { uploadProgressLabel } from '~/components/admin/media/upload-progress'

/**
 * /admin/produtos/importar (issue 11; decision 070): a product CSV in the Shopify layout,
 * checked first — what would be created, what would change in existing products, what the
 * import changes from the file and what it cannot take — and written only when the owner
 * confirms. The checked file stays on the server (import-stash); the confirmation sends its
 * token and the file is checked again. Every product is written on its own: one the database
 * refuses is listed, the others are kept. No answer of this page is a 5xx.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Importar produtos', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return null
}

const MB = 1024 * 1024
const TOO_LARGE = `O arquivo é grande demais (máximo ${PRODUCT_CSV_MAX_BYTES / MB} MB).`
/** After an upload that did not go through: nothing is lost on the page. */
const UPLOAD_KEPT = 'O arquivo continua escolhido: clique em Verificar para enviar de novo.'

const fieldsSchema = z.discriminatedUnion(
	'intent',
	[
		// With JavaScript the file went up first (with progress) to /admin/produtos/importar/arquivo: its token comes instead.
		z.object({
			intent: z.literal('check'),
			token: z.uuid('O arquivo enviado não foi encontrado. Escolha-o e envie de novo.').optional(),
			fileName: z
				.string()
				.default('')
				.transform((name) => name.slice(0, 200)),
		}),
		z.object({
			intent: z.literal('import'),
			token: z.uuid('O arquivo verificado não foi encontrado. Escolha-o e verifique de novo.'),
			fileName: z
				.string()
				.default('')
				.transform((name) => name.slice(0, 200)),
		}),
	],
	{ error: 'Ação inválida.' },
)

type Answer = {
	error: string | null
	token: string
	fileName: string
	rows: number
	plan: ImportPlan | null
	/** After an import with products the database refused: the count written and those refused. */
	result: { created: number; updated: number; failed: ImportFailure[] } | null
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const fail = (error: string, status = 400, keep: Partial<Answer> = {}) =>
		data<Answer>({ error, token: '', fileName: '', rows: 0, plan: null, result: null, ...keep }, { status })
	const read = await readMultipartForm(request, { kind: 'image', maxBytes: PRODUCT_IMPORT_BODY_BYTES })
	if (!read.ok) return fail(read.status === 413 ? TOO_LARGE : read.message, read.status)
	const form = read.formData
	const fields = fieldsSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')))
	if (!fields.success) return fail(fields.error.issues[0]?.message ?? 'Ação inválida.')

	const upload = form.get('file')
	const sentToken = fields.data.token
	const fileName = sentToken ? fields.data.fileName : upload instanceof File ? upload.name.slice(0, 200) : ''
	if (!sentToken) {
		if (!(upload instanceof File) || upload.size === 0) return fail('Escolha o arquivo CSV de produtos.')
		if (upload.size > PRODUCT_CSV_MAX_BYTES) return fail(TOO_LARGE, 413)
	}
	try {
		// Kept in storage first (decision 132; a full disk or an unreachable bucket is answered below, not with a 500).
		const token = sentToken ?? (await stashImportFile(admin.id, (upload as File).stream()))
		const stashed = await openStashedImport(admin.id, token)
		if (!stashed) return fail('O arquivo verificado não está mais no servidor. Escolha-o e verifique de novo.', 400, { fileName })
		const parsed = await readShopifyProductCsv(stashed)
		if (!parsed.ok) {
			await dropStashedImport(admin.id, token)
			return fail(parsed.message, 400, { fileName })
		}
		const plan = await planProductImport(parsed.products, parsed.invalid)
		const answer = { error: null, token, fileName, rows: parsed.rows, plan, result: null }
		if (fields.data.intent === 'check') return data<Answer>(answer)

		const writable = new Set(plan.items.filter((i) => i.action !== 'unchanged').map((i) => i.handle))
		if (writable.size === 0) return fail('Nada a importar: nenhum produto novo ou alterado.', 400, answer)
		const result = await applyProductImport(
			parsed.products.filter((p) => writable.has(p.handle)),
			admin.id,
			context.clientIp,
		)
		await dropStashedImport(admin.id, token)
		const summary = `${result.created} ${result.created === 1 ? 'produto criado' : 'produtos criados'}, ${result.updated} ${result.updated === 1 ? 'atualizado' : 'atualizados'}.`
		if (result.failed.length === 0)
			return redirectWithToast('/admin/produtos', { type: 'success', title: 'Importação concluída!', description: summary })
		return data<Answer>({ ...answer, token: '', result, error: `Importação concluída em parte: ${summary} ${result.failed.length} não gravados (lista abaixo).` })
	} catch (error) {
		// A fault of ours, not of the file: logged in full, and the owner keeps a page that says so.
		logger.error({ error: errorForLog(error) }, 'importação de produtos falhou')
		return fail('Não foi possível verificar ou importar o arquivo agora. Nada foi perdido; tente de novo.', 422, { fileName })
	}
}

const ACTION_LABELS = { create: 'Criar', update: 'Atualizar', unchanged: 'Sem mudanças' } as const

/**
 * With JavaScript the file goes up first on its own (POST /admin/produtos/importar/arquivo, with a
 * real percentage: a 20 MB export takes a while on a shop's connection), then the check is asked
 * with its token. Without JavaScript the multipart form does both at once.
 */
function useCsvUpload() {
	const upload = useFileUpload()
	const submit = useSubmit()
	const [tooLarge, setTooLarge] = useState(false)
	const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
		const input = event.currentTarget.elements.namedItem('file')
		const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined
		// No file: the form goes as it is, and the server answers 'Escolha o arquivo CSV de produtos.'
		if (!file) return
		event.preventDefault()
		setTooLarge(file.size > PRODUCT_CSV_MAX_BYTES)
		if (file.size > PRODUCT_CSV_MAX_BYTES) return
		void upload.start(`/admin/produtos/importar/arquivo?nome=${encodeURIComponent(file.name)}`, file, TOO_LARGE).then((state) => {
			if (state.status !== 'done' || typeof state.body.token !== 'string') return
			const fileName = typeof state.body.fileName === 'string' ? state.body.fileName : file.name
			void submit({ intent: 'check', token: state.body.token, fileName }, { method: 'post' })
		})
	}
	const state = upload.state
	// The file input is never reset here: after a failed or cancelled upload the chosen file is still
	// there, and 'Verificar' sends it again.
	const progress =
		tooLarge ? (
			<p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
				{TOO_LARGE}
			</p>
		) : state.status === 'uploading' ? (
			<div className="grid gap-1 text-sm">
				<span id="products-upload-label">{uploadProgressLabel(state.percent, state.secondsLeft)}</span>
				{/* Determinate: a progressbar whose value is the percent of bytes sent (issue 28). */}
				<progress className="w-full" max={100} value={state.percent} aria-labelledby="products-upload-label" />
				<Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={upload.cancel}>
					Cancelar envio
				</Button>
			</div>
		) : state.status === 'failed' ? (
			<p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
				{[state.title, state.message ?? 'Não foi possível enviar o arquivo. Tente novamente.'].filter(Boolean).join(': ')} {UPLOAD_KEPT}
			</p>
		) : state.status === 'cancelled' ? (
			<p role="status" className="text-sm text-muted-foreground">
				Envio cancelado. {UPLOAD_KEPT}
			</p>
		) : null
	return { onSubmit, progress, uploading: state.status === 'uploading' }
}

export default function ProductsImport({ actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting'
	const csvUpload = useCsvUpload()
	const result = actionData?.result ?? null
	const plan = result ? null : (actionData?.plan ?? null)
	const toWrite = plan?.items.filter((i) => i.action !== 'unchanged').length ?? 0
	return (
		<AdminPage
			title="Importar produtos"
			description="Traga o catálogo de outra loja (Shopify, Nuvemshop) em CSV. Nada é gravado antes da sua confirmação."
			actions={
				<>
					<Button asChild variant="outline">
						<Link to="/admin/produtos">
							<ArrowLeftIcon aria-hidden="true" />
							Voltar para produtos
						</Link>
					</Button>
					<Button asChild variant="outline">
						<a href="/admin/produtos/exportar.csv" download>
							<DownloadIcon aria-hidden="true" />
							Exportar catálogo
						</a>
					</Button>
				</>
			}
		>
			<div className="grid gap-6">
				<ImportFileStep
					inputId="products-file"
					busy={csvUpload.uploading || (busy && navigation.formData?.get('intent') === 'check')}
					onSubmit={csvUpload.onSubmit}
					progress={csvUpload.progress}
					error={actionData?.error}
					format={
						<>
							O CSV de produtos exportado do Shopify (até {PRODUCT_CSV_MAX_BYTES / MB} MB): uma linha por variante, com <code>Handle</code>,{' '}
							<code>Title</code>, <code>Body (HTML)</code>, <code>Vendor</code>, <code>Type</code>, <code>Tags</code>, <code>Status</code>,{' '}
							<code>Option1 Name</code>/
							<code>Option1 Value</code> (até 3 opções), <code>Variant SKU</code>, <code>Variant Price</code>,{' '}
							<code>Variant Compare At Price</code>, <code>Variant Inventory Qty</code>, <code>Variant Inventory Policy</code> e{' '}
							<code>Image Src</code> (também os nomes novos do Shopify, como <code>URL handle</code> e <code>Price</code>). Produtos que já
							existem (mesmo Handle) são atualizados só no que o arquivo traz; imagens de outros sites não são baixadas. O que a
							importação precisar ajustar é dito linha a linha.
						</>
					}
				/>

				{busy ? (
					// Indeterminate: the server reads and checks the file (or writes the products); with
					// JavaScript the upload's own bar came before this (issue 28).
					<div className="grid gap-1 text-sm">
						<p role="status" id="products-import-busy">
							{navigation.formData?.get('intent') === 'import'
								? 'Gravando os produtos…'
								: navigation.formData?.get('token')
									? 'Verificando produtos…'
									: 'Enviando e verificando produtos…'}
						</p>
						<progress className="w-full" aria-labelledby="products-import-busy" />
					</div>
				) : null}

				{result ? (
					<section aria-labelledby="import-result-title" className="grid gap-3">
						<h2 id="import-result-title" className="text-xl font-semibold">
							2. Resultado da importação{actionData?.fileName ? ` de ${actionData.fileName}` : ''}
						</h2>
						<div className="rounded-lg border border-destructive/50 p-3">
							<h3 className="font-semibold">Não gravados (os outros foram importados)</h3>
							<ul className="mt-2 space-y-1 text-sm">
								{result.failed.map((entry) => (
									<li key={`${entry.handle}-${entry.line}`}>
										<strong>{entry.handle}</strong>: Linha {entry.line}: {entry.message}
									</li>
								))}
							</ul>
						</div>
					</section>
				) : null}

				{plan ? (
					<section aria-labelledby="import-report-title" className="grid gap-4">
						<h2 id="import-report-title" className="text-xl font-semibold">
							2. Resultado da verificação{actionData?.fileName ? ` de ${actionData.fileName}` : ''}
						</h2>
						<p className="text-sm text-muted-foreground">
							{actionData?.rows ?? 0} {actionData?.rows === 1 ? 'linha lida' : 'linhas lidas'}.
						</p>
						<dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Resumo da verificação">
							<CheckCount label="Novos" value={plan.items.filter((i) => i.action === 'create').length} />
							<CheckCount label="Alterados" value={plan.items.filter((i) => i.action === 'update').length} />
							<CheckCount label="Sem mudanças" value={plan.items.filter((i) => i.action === 'unchanged').length} />
							<CheckCount label="Inválidos" value={plan.invalid.length} />
						</dl>
						{plan.items.length > 0 ? (
							<TableBox label="O que a importação fará">
								<table className="w-full text-sm">
									<caption className="p-2 text-left font-semibold">O que a importação fará</caption>
									<thead className="bg-muted/60">
										<tr>
											{['Linha', 'Produto', 'Ação', 'Mudanças', 'Ajustes do arquivo'].map((label) => (
												<th key={label} scope="col" className={th}>
													{label}
												</th>
											))}
										</tr>
									</thead>
									<tbody>
										{plan.items.map((item) => (
											<tr key={item.handle} className="border-t align-top" data-testid="linha-importacao">
												<td className={td}>{item.line}</td>
												<th scope="row" className={`${td} text-left font-medium`}>
													{item.title}
													<span className="block text-xs font-normal text-muted-foreground">{item.handle}</span>
												</th>
												<td className={td}>{ACTION_LABELS[item.action]}</td>
												<td className={td}>
													<ul className="space-y-0.5">
														{item.changes.map((change) => (
															<li key={change}>{change}</li>
														))}
														{item.skippedImages > 0 ? (
															<li className="text-muted-foreground">
																{item.skippedImages} {item.skippedImages === 1 ? 'imagem de outro site' : 'imagens de outros sites'}: envie
																na página do produto
															</li>
														) : null}
													</ul>
												</td>
												<td className={td}>
													<ul className="space-y-0.5 text-muted-foreground">
														{item.notes.map((note) => (
															<li key={note}>{note}</li>
														))}
													</ul>
												</td>
											</tr>
										))}
									</tbody>
								</table>
							</TableBox>
						) : null}
						{plan.invalid.length > 0 ? (
							<div className="rounded-lg border border-destructive/50 p-3">
								<h3 className="font-semibold">Inválidos (não serão importados)</h3>
								<ul className="mt-2 space-y-1 text-sm">
									{plan.invalid.map((entry) => (
										<li key={`${entry.handle}-${entry.line}`}>
											<strong>{entry.handle}</strong>: {entry.messages.join(' ')}
										</li>
									))}
								</ul>
							</div>
						) : null}
						<Form method="post" encType="multipart/form-data">
							<input type="hidden" name="intent" value="import" />
							<input type="hidden" name="token" value={actionData?.token ?? ''} />
							<input type="hidden" name="fileName" value={actionData?.fileName ?? ''} />
							<Button type="submit" disabled={busy || toWrite === 0}>
								{busy && navigation.formData?.get('intent') === 'import'
									? 'Importando...'
									: `Importar ${toWrite} ${toWrite === 1 ? 'produto' : 'produtos'}`}
							</Button>
						</Form>
					</section>
				) : null}
			</div>
		</AdminPage>
	)
}
