import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { UPLOAD_RATE_LIMITS, consumeUploadBudget } from '~/server/upload-budget.server'

withTestDatabase()

test('the address budget is one per IPv6 /64, whichever address and account of it uploads (decision 071)', async () => {
	// Each upload from a new address of the /64 and a new account: what a script would do.
	for (let i = 1; i <= UPLOAD_RATE_LIMITS.address.limit; i++) {
		const address = `2001:db8:77:1:${i.toString(16)}::${(i * 7).toString(16)}`
		expect(await consumeUploadBudget({ userId: randomUUID(), clientIp: address })).toEqual({ allowed: true })
	}
	const refused = await consumeUploadBudget({ userId: randomUUID(), clientIp: '2001:db8:77:1:ffff:ffff:ffff:fffe' })
	expect(refused).toMatchObject({ allowed: false, message: 'Muitos arquivos enviados em pouco tempo. Aguarde alguns minutos e tente novamente.' })
	// The neighbouring /64 is another subscriber.
	expect(await consumeUploadBudget({ userId: null, clientIp: '2001:db8:77:2::1' })).toEqual({ allowed: true })
})

test('the account budget holds across addresses; an IPv4-mapped address shares its IPv4 budget', async () => {
	const account = randomUUID()
	for (let i = 1; i <= UPLOAD_RATE_LIMITS.account.limit; i++) {
		expect((await consumeUploadBudget({ userId: account, clientIp: `198.51.100.${i}` })).allowed).toBe(true)
	}
	expect((await consumeUploadBudget({ userId: account, clientIp: '198.51.100.200' })).allowed).toBe(false)

	for (let i = 1; i <= UPLOAD_RATE_LIMITS.address.limit; i++) {
		const clientIp = i % 2 === 0 ? '::ffff:192.0.2.44' : '192.0.2.44'
		expect((await consumeUploadBudget({ userId: null, clientIp })).allowed).toBe(true)
	}
	expect((await consumeUploadBudget({ userId: null, clientIp: '::ffff:192.0.2.44' })).allowed).toBe(false)
})
