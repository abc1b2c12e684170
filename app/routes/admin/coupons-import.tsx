import { ArrowLeftIcon } from '~/components/icons/lucide'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminPage, TableBox, td, th } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { requireAdmin } from '~/server/auth/guards.server'
import { actorOf } from '~/server/activity/record.server'
import { COUPON_KIND_LABELS } from '~/server/coupons/coupon-input'
import { existingCouponCodes, importCoupons } from '~/server/coupons/coupons.server'
import { IMPORT_MAX_BYTES, type ImportReport, checkCouponImport, parseLegacyCouponCsv } from '~/server/coupons/import.server'
import { readFormData } from '~/server/read-form.server'
import { redirectWithToast } from '~/server/toast.server'
import { formatDate, formatMoney } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/coupons-import'
import { CheckCount, ImportFileStep } from '~/components/admin/import-check'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Importar cupons', matches) }]

/**
 * /admin/cupons/importar (decision 13): the owner uploads the legacy store's coupon CSV, sees
 * what would be imported, the duplicates and the invalid rows, and only then confirms. The
 * confirmation sends the same file text back and the server checks it again before writing
 * (the check shown could be stale, and the browser is never trusted with the result).
 */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return null
}

const intentSchema = z.enum(['check', 'import'], { error: 'Ação inválida.' })

async function checkText(text: string): Promise<{ ok: true; report: ImportReport } | { ok: false; message: string }> {
	const parsed = parseLegacyCouponCsv(text)
	if (!parsed.ok) return parsed
	const codes = [...new Set(parsed.rows.map((r) => r.fields.code.trim().toUpperCase()).filter(Boolean))]
	return { ok: true, report: checkCouponImport(parsed.rows, await existingCouponCodes(codes)) }
}

function describe(coupon: ImportReport['valid'][number]['coupon']) {
	return {
		code: coupon.code,
		kind: COUPON_KIND_LABELS[coupon.kind],
		value: coupon.kind === 'percentage' ? `${coupon.value}%` : coupon.kind === 'fixed' ? formatMoney(coupon.value) : '—',
		minSubtotal: coupon.minSubtotalCents > 0 ? formatMoney(coupon.minSubtotalCents) : '—',
		usageLimit: coupon.usageLimit === null ? 'Ilimitado' : String(coupon.usageLimit),
		window:
			coupon.startsAt || coupon.endsAt
				? `${coupon.startsAt ? formatDate(coupon.startsAt) : '…'} a ${coupon.endsAt ? formatDate(coupon.endsAt) : '…'}`
				: 'Sem prazo',
		active: coupon.active ? 'Sim' : 'Não',
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = await readFormData(request)
	const intent = intentSchema.safeParse(form.get('intent'))
	if (!intent.success) return data({ error: 'Ação inválida.', csv: '', fileName: '', report: null }, { status: 400 })

	const upload = form.get('file')
	let csv = typeof form.get('csv') === 'string' ? (form.get('csv') as string) : ''
	let fileName = typeof form.get('fileName') === 'string' ? (form.get('fileName') as string).slice(0, 200) : ''
	if (intent.data === 'check' && upload instanceof File && upload.size > 0) {
		if (upload.size > IMPORT_MAX_BYTES) {
			return data({ error: 'O arquivo é grande demais (máximo 1 MB).', csv: '', fileName: '', report: null }, { status: 400 })
		}
		csv = await upload.text()
		fileName = upload.name.slice(0, 200)
	}
	if (csv.trim() === '') {
		return data({ error: 'Escolha o arquivo CSV de cupons.', csv: '', fileName: '', report: null }, { status: 400 })
	}
	const checked = await checkText(csv)
	if (!checked.ok) return data({ error: checked.message, csv: '', fileName, report: null }, { status: 400 })

	if (intent.data === 'check') {
		const { report } = checked
		return {
			error: null,
			csv,
			fileName,
			report: {
				valid: report.valid.map((v) => ({ line: v.line, ...describe(v.coupon) })),
				duplicatesInFile: report.duplicatesInFile,
				existing: report.existing,
				invalid: report.invalid,
			},
		}
	}

	if (checked.report.valid.length === 0) {
		return data({ error: 'Nenhum cupom válido para importar.', csv, fileName, report: null }, { status: 400 })
	}
	const result = await importCoupons(
		checked.report.valid.map((v) => v.coupon),
		actorOf(admin, context),
		fileName,
	)
	const imported = result.inserted.length
	return redirectWithToast('/admin/cupons', {
		type: 'success',
		title: imported === 1 ? '1 cupom importado!' : `${imported} cupons importados!`,
		description:
			result.skipped.length > 0
				? `Ignorados porque já existiam: ${result.skipped.join(', ')}.`
				: 'Os cupons já podem ser usados no checkout.',
	})
}

export default function AdminCouponsImport({ actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting'
	const report = actionData?.report ?? null
	return (
		<AdminPage
			title="Importar cupons"
			description="Traga os cupons da loja antiga a partir de um arquivo CSV. Nada é gravado antes da sua confirmação."
			actions={
				<Button asChild variant="outline">
					<Link to="/admin/cupons">
						<ArrowLeftIcon aria-hidden="true" />
						Voltar para cupons
					</Link>
				</Button>
			}
		>
			<div className="grid gap-6">
				<ImportFileStep
					inputId="coupons-file"
					busy={busy && navigation.formData?.get('intent') === 'check'}
					error={actionData?.error}
					format={
						<>
							<p>
								CSV com uma linha de cabeçalho, separado por vírgula ou ponto e vírgula. Colunas reconhecidas (em português ou inglês):
								código (<code>code</code>, <code>codigo</code>), tipo (<code>type</code>, <code>discount_type</code>: porcentagem, valor
								fixo ou frete grátis), valor (<code>amount</code>, <code>valor</code>), pedido mínimo (<code>minimum</code>,{' '}
								<code>valor_minimo</code>), limite de usos (<code>usage_limit</code>, <code>limite_de_uso</code>), início (
								<code>starts_at</code>, <code>inicio</code>), término (<code>expires_at</code>, <code>validade</code>) e ativo (
								<code>active</code>, <code>ativo</code>). Datas como 31/12/2026 ou 2026-12-31.
							</p>
						</>
					}
				/>

				{report ? (
					<section aria-labelledby="import-report-title" className="grid gap-4">
						<h2 id="import-report-title" className="text-xl font-semibold">
							2. Resultado da verificação{actionData?.fileName ? ` de ${actionData.fileName}` : ''}
						</h2>
						<dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Resumo da verificação">
							<CheckCount label="Serão importados" value={report.valid.length} />
							<CheckCount label="Repetidos no arquivo" value={report.duplicatesInFile.length} />
							<CheckCount label="Já existem na loja" value={report.existing.length} />
							<CheckCount label="Inválidos" value={report.invalid.length} />
						</dl>

						{report.valid.length > 0 ? (
							<TableBox label="Cupons que serão importados">
								<table className="w-full text-sm">
									<caption className="p-2 text-left font-semibold">Cupons que serão importados</caption>
									<thead className="bg-muted/60">
										<tr>
											<th scope="col" className={th}>
												Linha
											</th>
											<th scope="col" className={th}>
												Código
											</th>
											<th scope="col" className={th}>
												Tipo
											</th>
											<th scope="col" className={th}>
												Valor
											</th>
											<th scope="col" className={th}>
												Mínimo
											</th>
											<th scope="col" className={th}>
												Limite
											</th>
											<th scope="col" className={th}>
												Validade
											</th>
											<th scope="col" className={th}>
												Ativo
											</th>
										</tr>
									</thead>
									<tbody>
										{report.valid.map((v) => (
											<tr key={v.line} className="border-t">
												<td className={td}>{v.line}</td>
												<th scope="row" className={`${td} text-left font-mono`}>
													{v.code}
												</th>
												<td className={td}>{v.kind}</td>
												<td className={`${td} whitespace-nowrap`}>{v.value}</td>
												<td className={`${td} whitespace-nowrap`}>{v.minSubtotal}</td>
												<td className={td}>{v.usageLimit}</td>
												<td className={td}>{v.window}</td>
												<td className={td}>{v.active}</td>
											</tr>
										))}
									</tbody>
								</table>
							</TableBox>
						) : null}

						{report.duplicatesInFile.length + report.existing.length > 0 ? (
							<div className="rounded-lg border p-3">
								<h3 className="font-semibold">Repetidos (não serão importados)</h3>
								<ul className="mt-2 grid gap-1 text-sm">
									{report.duplicatesInFile.map((d) => (
										<li key={`f${d.line}`}>
											Linha {d.line}: <span className="font-mono">{d.code}</span> — repetido no arquivo (já aparece na linha {d.firstLine}).
										</li>
									))}
									{report.existing.map((d) => (
										<li key={`e${d.line}`}>
											Linha {d.line}: <span className="font-mono">{d.code}</span> — já existe na loja.
										</li>
									))}
								</ul>
							</div>
						) : null}

						{report.invalid.length > 0 ? (
							<div className="rounded-lg border border-destructive/60 p-3">
								<h3 className="font-semibold">Linhas inválidas (não serão importadas)</h3>
								<ul className="mt-2 grid gap-1 text-sm">
									{report.invalid.map((row) => (
										<li key={row.line}>
											Linha {row.line}
											{row.code ? (
												<>
													{' '}
													(<span className="font-mono">{row.code}</span>)
												</>
											) : null}
											: {row.reasons.join(' ')}
										</li>
									))}
								</ul>
							</div>
						) : null}

						{report.valid.length > 0 ? (
							<Form method="post" className="flex flex-wrap items-center gap-3">
								<input type="hidden" name="intent" value="import" />
								<input type="hidden" name="fileName" value={actionData?.fileName ?? ''} />
								<textarea name="csv" defaultValue={actionData?.csv ?? ''} hidden readOnly aria-hidden="true" />
								<Button type="submit" disabled={busy}>
									{busy && navigation.formData?.get('intent') === 'import'
										? 'Importando...'
										: `Importar ${report.valid.length === 1 ? '1 cupom' : `${report.valid.length} cupons`}`}
								</Button>
								<p className="text-sm text-muted-foreground">Os repetidos e inválidos ficam de fora.</p>
							</Form>
						) : (
							<p className="text-sm">Nenhum cupom válido para importar neste arquivo.</p>
						)}
					</section>
				) : null}
			</div>
		</AdminPage>
	)
}
