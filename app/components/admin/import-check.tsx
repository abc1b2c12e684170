import type * as React from 'react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/**
 * The first step of a CSV import with a check (coupons, decision 013; products, decision 042):
 * the file, 'Verificar', the accepted format and any error. What the check found is each
 * page's own.
 */
export function ImportFileStep({
	inputId,
	busy,
	format,
	error,
	onSubmit,
	progress,
}: {
	inputId: string
	/** True while this form's check is being sent. */
	busy: boolean
	format: React.ReactNode
	error: string | null | undefined
	/** With JavaScript, a page may send the file its own way (with progress) instead of the multipart form. */
	onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void
	/** What that sending shows (a progress bar, its failure). */
	progress?: React.ReactNode
}) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>
					<h2>1. Verificar o arquivo</h2>
				</CardTitle>
			</CardHeader>
			<CardContent className="grid gap-4">
				<Form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
					<input type="hidden" name="intent" value="check" />
					<div className="grid gap-2">
						<Label htmlFor={inputId}>Arquivo CSV</Label>
						<Input id={inputId} name="file" type="file" accept=".csv,text/csv" required aria-describedby={`${inputId}-formato`} />
					</div>
					<Button type="submit" disabled={busy}>
						{busy ? 'Verificando...' : 'Verificar'}
					</Button>
				</Form>
				{progress}
				<div id={`${inputId}-formato`} className="text-sm text-muted-foreground">
					{format}
				</div>
				{error ? (
					<p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
						{error}
					</p>
				) : null}
			</CardContent>
		</Card>
	)
}

/** One figure of the check's summary ('Serão importados', 'Inválidos'…), inside a <dl>. */
export function CheckCount({ label, value }: { label: string; value: number }) {
	return (
		<div className="rounded-lg border p-3">
			<dt className="text-sm text-muted-foreground">{label}</dt>
			<dd className="text-2xl font-bold">{value}</dd>
		</div>
	)
}
