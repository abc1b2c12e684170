import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { launchNotifications } from '~/db/schema'
import { db } from '~/server/db.server'
import { launchEmailSchema } from '~/utils/launch-notification'
import { subscribeToLaunch } from './launch-notifications.server'

withTestDatabase()

describe('launchEmailSchema', () => {
	test('trims and lower-cases', () => {
		expect(launchEmailSchema.parse('  Ana@Exemplo.COM ')).toBe('ana@exemplo.com')
	})
	test('rejects what is not an e-mail, in Portuguese', () => {
		const result = launchEmailSchema.safeParse('ana@')
		expect(result.success).toBe(false)
		expect(result.error?.issues[0]?.message).toBe('Informe um e-mail válido.')
		expect(launchEmailSchema.safeParse('   ').error?.issues[0]?.message).toBe('Informe seu e-mail.')
	})
})

describe('subscribeToLaunch', () => {
	test('stores one row per address, however it is typed', async () => {
		await subscribeToLaunch('Bia@Exemplo.com')
		await subscribeToLaunch(' bia@exemplo.com ')
		const rows = await db.select().from(launchNotifications)
		expect(rows.filter((row) => row.email === 'bia@exemplo.com')).toHaveLength(1)
		expect(rows[0]?.topic).toBe('tech')
		expect(rows[0]?.notified).toBe(false)
	})
	test('refuses an invalid address', async () => {
		await expect(subscribeToLaunch('nada')).rejects.toThrow()
	})
})
