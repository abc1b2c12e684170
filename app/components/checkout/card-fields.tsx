import { FlaskConicalIcon } from '~/components/icons/lucide'
import { useId, useState } from 'react'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { type CardFields, TEST_CARD_OTHER_OUTCOME, TEST_CARD_OUTCOMES, formatCardNumber, testCardToken, validateCard } from './test-card'
import { installmentLabel, MAX_INSTALLMENTS } from '~/utils/installments'

/**
 * Card payment. The 'Ambiente de teste' note and its test numbers show only while the
 * configured provider is a test one: a real provider must never be announced as 'no real
 * charge'. The card inputs deliberately have no `name`:
 * the browser never submits them, so no card number reaches our server. What is submitted is
 * the hidden `cardToken` (made by the test provider's browser code) and `installments`.
 */
export function CardFieldsSection({
	provider,
	totalCents,
	defaultInstallments,
	serverError,
	serverErrorId,
	installmentsError,
}: {
	/** The configured provider (the loader's cardProvider). */
	provider: { id: string; isTest: boolean }
	totalCents: number
	defaultInstallments: number
	/** The server's answer about the card (missing token, declined), shown beside the number. */
	serverError?: string
	/** Changes with every validation: an edit hides that error, a new validation shows its own. */
	serverErrorId?: unknown
	installmentsError?: string
}) {
	const id = useId()
	const [fields, setFields] = useState<CardFields>({ number: '', holder: '', expiry: '', cvc: '' })
	const [touched, setTouched] = useState<Partial<Record<keyof CardFields, boolean>>>({})
	const errors = validateCard(fields)
	const token = testCardToken(fields)
	const shown = (name: keyof CardFields) => (touched[name] ? errors[name] : undefined)
	// Starts as a value no error can be, so the first error always shows.
	const [editedAfter, setEditedAfter] = useState<unknown>(() => Symbol('nenhuma edição'))
	const numberError = shown('number') ?? (serverError && editedAfter !== serverErrorId ? serverError : undefined)

	const field = (name: keyof CardFields, label: string, props: React.ComponentProps<'input'>, error?: string) => (
		<div className="flex flex-col gap-1.5">
			<Label htmlFor={`${id}-${name}`}>{label}</Label>
			<Input
				id={`${id}-${name}`}
				// No name attribute: never part of the submitted form.
				value={fields[name]}
				onChange={(event) => {
					const value = name === 'number' ? formatCardNumber(event.target.value) : event.target.value
					setFields((current) => ({ ...current, [name]: value }))
					setEditedAfter(serverErrorId)
				}}
				onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
				aria-invalid={error ? true : undefined}
				aria-describedby={`${id}-${name}-error`}
				data-card-field={name}
				{...props}
			/>
			<p id={`${id}-${name}-error`} className="min-h-5 text-sm text-destructive">
				{error ?? null}
			</p>
		</div>
	)

	return (
		<div className="flex flex-col gap-3">
			{provider.isTest ? (
				<div
					role="note"
					className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
				>
					<FlaskConicalIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
					<div>
						<p className="font-semibold">Ambiente de teste — nenhuma cobrança real é feita.</p>
						<p>Use qualquer validade futura e qualquer CVV com estes números:</p>
						<ul className="mt-1 list-disc pl-5">
							{TEST_CARD_OUTCOMES.map((card) => (
								<li key={card.number}>
									<span className="font-mono whitespace-nowrap">{card.number}</span>: {card.outcome}
								</li>
							))}
						</ul>
						<p className="mt-1">{TEST_CARD_OTHER_OUTCOME}</p>
					</div>
				</div>
			) : null}
			<input type="hidden" name="cardToken" value={token ?? ''} />
			{field(
				'number',
				'Número do cartão',
				{ inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '0000 0000 0000 0000', maxLength: 23 },
				numberError,
			)}
			{field('holder', 'Nome impresso no cartão', { autoComplete: 'cc-name' }, shown('holder'))}
			<div className="grid grid-cols-2 gap-3">
				{field(
					'expiry',
					'Validade (MM/AA)',
					{ inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/AA', maxLength: 5 },
					shown('expiry'),
				)}
				{field('cvc', 'CVV', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 }, shown('cvc'))}
			</div>
			<div className="flex flex-col gap-1.5">
				<Label htmlFor={`${id}-installments`}>Parcelas</Label>
				<select
					id={`${id}-installments`}
					name="installments"
					defaultValue={String(defaultInstallments)}
					aria-invalid={installmentsError ? true : undefined}
					aria-describedby={`${id}-installments-error`}
					className="h-9 rounded-md border border-input bg-background px-3 text-sm"
				>
					{Array.from({ length: MAX_INSTALLMENTS }, (_, i) => i + 1).map((n) => (
						<option key={n} value={n}>
							{installmentLabel(totalCents, n)}
						</option>
					))}
				</select>
				<p id={`${id}-installments-error`} className="min-h-5 text-sm text-destructive">
					{installmentsError ?? null}
				</p>
			</div>
		</div>
	)
}
