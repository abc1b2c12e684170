import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { mailOutbox } from '~/db/schema'
import { db } from '~/server/db.server'
import { resetEnvForTests } from '~/server/env.server'
import { closeMailTransport, mailTestHooks, sendMail } from './mail.server'
import { passwordResetEmail } from './mail/templates.server'

withTestDatabase()

type Received = { from: string; to: string[]; raw: string }

/** A real SMTP server on a random local port, keeping what it receives. */
async function startSmtpServer(options: { reject?: boolean } = {}) {
	const received: Received[] = []
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onRcptTo(address, _session, callback) {
			if (options.reject) return callback(new Error('Caixa postal inexistente'))
			callback()
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((r) => r.address),
					raw: Buffer.concat(chunks).toString('utf8'),
				})
				callback()
			})
		},
	})
	server.listen(0, '127.0.0.1')
	await once(server.server, 'listening')
	const port = (server.server.address() as AddressInfo).port
	return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Undoes quoted-printable (soft line breaks, =XX bytes) and reads the bytes as UTF-8. */
function decodeQuotedPrintable(text: string) {
	const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
	return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** The Subject header with MIME encoded-words (=?UTF-8?Q|B?…?=) decoded. */
function decodedSubject(raw: string) {
	const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? ''
	return header
		.replace(/\r?\n[ \t]/g, ' ')
		.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
			kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
		)
}

describe('sendMail', () => {
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	beforeAll(async () => {
		smtp = await startSmtpServer()
	})
	afterAll(async () => {
		await smtp.close()
	})
	afterEach(() => {
		delete process.env.SMTP_URL
		delete process.env.MAIL_FROM
		resetEnvForTests()
		closeMailTransport()
	})

	test('a busy pool for a moment does not lose the message: the outbox write is tried again', async () => {
		let failures = 2
		mailTestHooks.beforeOutboxWrite = () => {
			if (failures-- > 0)
				throw Object.assign(new Error('Failed query: insert into mail_outbox'), {
					cause: new Error('timeout exceeded when trying to connect'),
				})
		}
		try {
			const result = await sendMail({ to: 'bia@example.com', subject: 'Pedido recebido', text: 'Obrigada' })
			expect(failures).toBe(-1)
			expect(result.id).not.toBeNull()
			const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bia@example.com'))
			expect(rows).toHaveLength(1)
			expect(rows[0]).toMatchObject({ subject: 'Pedido recebido', status: 'stored' })

			// Past the bound it gives up (still without throwing: mail never breaks an order).
			mailTestHooks.retryBudgetMs = 300
			mailTestHooks.beforeOutboxWrite = () => {
				throw Object.assign(new Error('Failed query'), { cause: new Error('timeout exceeded when trying to connect') })
			}
			const lost = await sendMail({ to: 'caio@example.com', subject: 'Pedido recebido', text: 'Obrigado' })
			expect(lost).toEqual({ id: null, status: 'stored' })
		} finally {
			delete mailTestHooks.beforeOutboxWrite
			delete mailTestHooks.retryBudgetMs
		}
	})

	test('without SMTP_URL the message is stored in the outbox', async () => {
		const result = await sendMail({ to: 'ana@example.com', subject: 'Assunto guardado', text: 'Olá' })
		expect(result.status).toBe('stored')
		const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id!))
		expect(row).toMatchObject({ to: 'ana@example.com', subject: 'Assunto guardado', text: 'Olá', status: 'stored', sentAt: null })
	})

	test('with SMTP_URL the message goes through a real SMTP server and is recorded as sent', async () => {
		process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`
		process.env.MAIL_FROM = 'Loja Pet <loja@example.com>'
		resetEnvForTests()
		const template = passwordResetEmail({ baseUrl: 'https://loja.example', token: 'TOKEN123' })
		const result = await sendMail({ to: 'bia@example.com', ...template })
		expect(result.status).toBe('sent')

		expect(smtp.received).toHaveLength(1)
		const message = smtp.received[0]!
		expect(message.to).toEqual(['bia@example.com'])
		expect(message.from).toBe('loja@example.com')
		expect(decodedSubject(message.raw)).toBe('Redefinição de senha')
		const raw = decodeQuotedPrintable(message.raw)
		expect(raw).toContain('Recebemos um pedido para redefinir a senha da sua conta.')
		expect(raw).toContain('https://loja.example/auth/redefinir-senha?token=TOKEN123')
		expect(raw).toContain('text/html')

		const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id!))
		expect(row).toMatchObject({ status: 'sent', to: 'bia@example.com', subject: 'Redefinição de senha', error: null })
		expect(row?.sentAt).toBeInstanceOf(Date)
	})

	test('an SMTP refusal is recorded as failed and never thrown', async () => {
		const refusing = await startSmtpServer({ reject: true })
		try {
			process.env.SMTP_URL = `smtp://127.0.0.1:${refusing.port}`
			resetEnvForTests()
			const result = await sendMail({ to: 'caio@example.com', subject: 'Vai falhar', text: 'x' })
			expect(result.status).toBe('failed')
			const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id!))
			expect(row?.status).toBe('failed')
			expect(row?.error).toContain('Caixa postal inexistente')
		} finally {
			await refusing.close()
		}
	})
})
