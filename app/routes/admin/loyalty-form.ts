import { z } from 'zod'
import { type BadgeInput, badgeSchema, type LevelInput, levelsSchema, MAX_LEVELS } from '~/server/loyalty/admin-loyalty.server'
import {
	LOYALTY_POINT_FIELDS,
	type LoyaltyPoints,
	PHOTO_POINTS_PER_DAY_FIELD,
	loyaltyPointsSchema,
	photoPointsPerDaySchema,
} from '~/server/loyalty/point-values'

/**
 * The /admin/fidelidade forms as they arrive (every field text) → the typed inputs that
 * admin-loyalty.server.ts checks again. Errors are keyed by the form's field names so the page
 * shows each beside its field; what was typed comes back as typed.
 */

export type FieldErrors = Record<string, string>
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors }

/**
 * '1.500' or '1500' → 1500; anything else stays as text, which the schemas' z.number refuses
 * with the field's own 'informe um número inteiro' message.
 */
function toInteger(value: string): number | string {
	const plain = value.trim().replace(/\./g, '')
	return /^-?\d{1,9}$/.test(plain) ? Number(plain) : value
}

const text = (form: FormData, name: string) => {
	const value = form.get(name)
	return typeof value === 'string' ? value : ''
}

function firstErrors(error: z.ZodError, fieldOf: (path: PropertyKey[]) => string): FieldErrors {
	const errors: FieldErrors = {}
	for (const issue of error.issues) {
		const field = fieldOf(issue.path)
		errors[field] ??= issue.message
	}
	return errors
}

export type LevelRow = { name: string; minPoints: string }

/** The level rows as typed; rows left entirely blank are dropped (that is how a row is removed without JavaScript). */
export function levelRowsOf(form: FormData): LevelRow[] {
	const names = form.getAll('levelName').map((v) => (typeof v === 'string' ? v : ''))
	const mins = form.getAll('levelMinPoints').map((v) => (typeof v === 'string' ? v : ''))
	const rows: LevelRow[] = []
	for (let i = 0; i < Math.max(names.length, mins.length) && i < MAX_LEVELS + 5; i++) {
		const row = { name: names[i] ?? '', minPoints: mins[i] ?? '' }
		if (row.name.trim() === '' && row.minPoints.trim() === '') continue
		rows.push(row)
	}
	return rows
}

/** Errors are keyed `level.{index}.{name|minPoints}` or `levels` for the list as a whole. */
export function parseLevels(rows: readonly LevelRow[]): Parsed<LevelInput[]> {
	const candidate = rows.map((row) => ({ name: row.name, minPoints: toInteger(row.minPoints) }))
	const result = levelsSchema.safeParse(candidate)
	if (result.success) return { ok: true, value: result.data }
	return {
		ok: false,
		errors: firstErrors(result.error, (path) =>
			typeof path[0] === 'number' && path[1] ? `level.${path[0]}.${String(path[1])}` : 'levels',
		),
	}
}

export const BADGE_FIELDS = ['name', 'description', 'icon', 'badgeTier', 'ruleType', 'ruleThreshold', 'pointsReward', 'isActive'] as const
export type BadgeFormValues = Record<(typeof BADGE_FIELDS)[number], string>

export function badgeValuesOf(form: FormData): BadgeFormValues {
	return Object.fromEntries(
		BADGE_FIELDS.map((name) => [name, name === 'isActive' ? (form.get(name) ? 'on' : '') : text(form, name)]),
	) as BadgeFormValues
}

export function parseBadge(values: BadgeFormValues): Parsed<BadgeInput> {
	const result = badgeSchema.safeParse({
		name: values.name,
		description: values.description,
		icon: values.icon,
		badgeTier: values.badgeTier,
		ruleType: values.ruleType,
		ruleThreshold: toInteger(values.ruleThreshold),
		pointsReward: toInteger(values.pointsReward === '' ? '0' : values.pointsReward),
		isActive: values.isActive === 'on',
	})
	if (result.success) return { ok: true, value: result.data }
	return { ok: false, errors: firstErrors(result.error, (path) => String(path[0] ?? 'name')) }
}

export const badgeIdSchema = z.uuid()

/** The points form: the points per event and, beside them, how many photos a day earn theirs. */
export type PointsSettings = { loyaltyPoints: LoyaltyPoints; photoPointsPerDay: number }
export type PointsFormValues = Record<keyof LoyaltyPoints | typeof PHOTO_POINTS_PER_DAY_FIELD.key, string>

/** The form's fields in the order shown, for the page. */
export const POINTS_FORM_FIELDS = [...LOYALTY_POINT_FIELDS, PHOTO_POINTS_PER_DAY_FIELD]

export function pointValuesOf(form: FormData): PointsFormValues {
	return Object.fromEntries(POINTS_FORM_FIELDS.map(({ key }) => [key, text(form, key)])) as PointsFormValues
}

const pointsFormSchema = loyaltyPointsSchema.extend({ [PHOTO_POINTS_PER_DAY_FIELD.key]: photoPointsPerDaySchema })

export function parsePointValues(values: PointsFormValues): Parsed<PointsSettings> {
	const candidate = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, toInteger(value)]))
	const result = pointsFormSchema.safeParse(candidate)
	if (!result.success) return { ok: false, errors: firstErrors(result.error, (path) => String(path[0] ?? 'purchasePerReal')) }
	const { photoPointsPerDay, ...loyaltyPoints } = result.data
	return { ok: true, value: { loyaltyPoints, photoPointsPerDay } }
}

export const loyaltyIntentSchema = z.enum(['save-points', 'preview-levels', 'save-levels', 'save-badge', 'create-badge', 'delete-badge'])
