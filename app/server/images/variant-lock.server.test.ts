// Runs on both databases (decision 130): its subject is locks.
import { withTestDatabase } from '#tests/setup/with-database'
import { describe, expect, test } from 'vitest'
import { onceAcrossServers } from './variant-lock.server'

/**
 * The variant lock (issue 33, decision 080): work of one name runs once however many callers
 * race for it — on PostgreSQL each caller holds its own pool connection, as servers would, and
 * the advisory lock serialises them; on PGlite an in-process queue does. No sleeps: the first
 * maker is held open until every caller has asked.
 */
withTestDatabase()

function deferred() {
	let resolve!: () => void
	const promise = new Promise<void>((r) => (resolve = r))
	return { promise, resolve }
}

describe('onceAcrossServers', () => {
	test('three callers racing for one variant: one makes it, the others find it made', async () => {
		let made = false
		let makes = 0
		let doneAsked = 0
		const gate = deferred()
		const allAsked = deferred()
		const done = async () => {
			doneAsked += 1
			// Each caller asks once before the lock: when all three have, the maker may finish.
			if (doneAsked === 3) allAsked.resolve()
			return made
		}
		const make = async () => {
			makes += 1
			await gate.promise
			made = true
		}
		const racing = [1, 2, 3].map(() => onceAcrossServers('variante:teste/corrida', done, make))
		await allAsked.promise
		gate.resolve()
		const outcomes = await Promise.all(racing)
		expect(makes).toBe(1)
		expect(outcomes.sort()).toEqual(['found', 'found', 'made'])
	})

	test('work already done is not made again, and different names do not wait on each other', async () => {
		expect(await onceAcrossServers('variante:pronta', async () => true, async () => expect.fail('não devia fazer'))).toBe('found')

		const slow = deferred()
		let slowDone = false
		const first = onceAcrossServers(
			'variante:a',
			async () => slowDone,
			async () => {
				await slow.promise
				slowDone = true
			},
		)
		// Another name completes while the first is still held open.
		let otherDone = false
		expect(
			await onceAcrossServers(
				'variante:b',
				async () => otherDone,
				async () => {
					otherDone = true
				},
			),
		).toBe('made')
		slow.resolve()
		expect(await first).toBe('made')
	})

	test('a failed make frees the name: the next caller makes it', async () => {
		let made = false
		await expect(
			onceAcrossServers(
				'variante:falha',
				async () => made,
				async () => {
					throw new Error('sharp falhou')
				},
			),
		).rejects.toThrow('sharp falhou')
		expect(
			await onceAcrossServers(
				'variante:falha',
				async () => made,
				async () => {
					made = true
				},
			),
		).toBe('made')
	})
})
