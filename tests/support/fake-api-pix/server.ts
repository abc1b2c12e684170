import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiPixContract, type Operation } from './openapi'

/**
 * A PSP's API Pix for the tests: OAuth2 client credentials, immediate charges (cob), received PIX,
 * refunds and the webhook, kept in memory. Every request is checked against the official
 * document (./openapi.ts) before it is served and every answer before it is sent: a request the
 * document does not allow is answered 400 and recorded in `violations`, which the tests assert
 * empty. Test controls pay a charge and send the PSP's callback (once, twice, late, out of
 * order, with another amount), expire the tokens (401) or make the API fail (5xx).
 */
export const FAKE_CLIENT_ID = 'loja-pet-teste'
export const FAKE_CLIENT_SECRET = 'segredo-do-psp-de-teste'
export const API_BASE = '/api/v2'

type Devolucao = { id: string; rtrId: string; valor: string; status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'; horario: { solicitacao: string; liquidacao?: string }; descricao?: string; motivo?: string }
type Pix = { endToEndId: string; txid: string; valor: string; chave: string; horario: string; infoPagador?: string; devolucoes: Devolucao[] }
type Cob = {
	txid: string
	revisao: number
	status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP'
	calendario: { criacao: string; expiracao: number }
	devedor?: { cpf: string; nome: string }
	valor: { original: string }
	chave: string
	solicitacaoPagador?: string
	location: string
	pixCopiaECola: string
	pix: Pix[]
}

export type PayOptions = {
	/** What the payer paid ("12.34"); the charge's amount by default. */
	valor?: string
	/** Callbacks to send: 0 (a missed webhook), 1, 2 (duplicated)… */
	deliveries?: number
	/** Send the callbacks at once (concurrent) instead of one after the other. */
	concurrent?: boolean
}

export type FakeApiPix = {
	/** PIX_API_URL */
	apiUrl: string
	/** PIX_OAUTH_URL */
	oauthUrl: string
	contract: ApiPixContract
	cobs: Map<string, Cob>
	webhooks: Map<string, string>
	/** Requests and answers that broke the document, and forged credentials: tests expect none. */
	violations: string[]
	/** Every request served: `METHOD /path`. */
	requests: string[]
	tokensIssued(): number
	/** Pays charge `txid` and sends the callback as configured; returns the PIX. */
	pay(txid: string, options?: PayOptions): Promise<Pix>
	/** Sends the callback again for PIX already received (late, out of order: the caller chooses). */
	deliver(pix: Pix[]): Promise<number[]>
	/** The PSP settles a refund (DEVOLVIDO or NAO_REALIZADO) and notifies it. */
	settleRefund(e2eid: string, id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO', notify?: boolean): Promise<void>
	/** Every token issued so far is refused (401) from now on. */
	expireTokens(): void
	/** The next `count` API requests (not OAuth) answer `status` (e.g. 500, 503). */
	failNext(status: number, count?: number): void
	stop(): Promise<void>
}

export async function startFakeApiPix(options: { webhookHeaders?: Record<string, string> } = {}): Promise<FakeApiPix> {
	const contract = new ApiPixContract()
	const cobs = new Map<string, Cob>()
	const webhooks = new Map<string, string>()
	const violations: string[] = []
	const requests: string[] = []
	const validTokens = new Set<string>()
	let issued = 0
	let failures: { status: number; count: number } | null = null

	const server = createServer((req, res) => {
		void handle(req, res).catch((error: unknown) => {
			violations.push(`erro no fake: ${String(error)}`)
			if (!res.headersSent) res.writeHead(500).end()
		})
	})

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://fake')
		const raw = await readBody(req)
		requests.push(`${req.method} ${url.pathname}`)
		if (url.pathname === '/oauth/token' && req.method === 'POST') return token(req, raw, res)
		if (!url.pathname.startsWith(API_BASE)) return json(res, 404, { error: 'not found' })
		const pathname = url.pathname.slice(API_BASE.length)
		const operation = contract.operation(req.method ?? 'GET', pathname)
		if (!operation) {
			violations.push(`operação fora do documento: ${req.method} ${pathname}`)
			return json(res, 404, problem(404, 'NaoEncontrado', 'operação não existe na API Pix'))
		}
		const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
		if (!auth || !validTokens.has(auth)) return json(res, 401, { error: 'invalid_token' })
		if (failures && failures.count > 0) {
			failures.count--
			return json(res, failures.status, problem(failures.status, 'ServicoIndisponivel', 'falha simulada'))
		}
		let body: unknown
		if (raw.length > 0) {
			if (!/^application\/json/.test(req.headers['content-type'] ?? '')) violations.push(`${req.method} ${pathname}: corpo sem Content-Type JSON`)
			try {
				body = JSON.parse(raw)
			} catch {
				violations.push(`${req.method} ${pathname}: corpo não é JSON`)
				return json(res, 400, problem(400, 'RequisicaoInvalida', 'JSON inválido'))
			}
		}
		const problems = contract.checkRequest(operation, url.searchParams, body)
		if (problems.length > 0) {
			violations.push(`${req.method} ${operation.template}: ${problems.join('; ')}`)
			return answer(res, operation, 400, problem(400, 'RequisicaoInvalida', problems.join('; ')))
		}
		const [status, payload] = serve(operation, url.searchParams, body as Record<string, unknown> | undefined)
		return answer(res, operation, status, payload)
	}

	function answer(res: ServerResponse, operation: Operation, status: number, payload: unknown) {
		const problems = contract.checkResponse(operation, status, payload)
		if (problems.length > 0) violations.push(`resposta do fake fora do documento em ${operation.method.toUpperCase()} ${operation.template}: ${problems.join('; ')}`)
		return json(res, status, payload, status >= 400 ? 'application/problem+json' : 'application/json')
	}

	function token(req: IncomingMessage, raw: string, res: ServerResponse) {
		const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1]
		const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : []
		const form = new URLSearchParams(raw)
		if (form.get('grant_type') !== 'client_credentials') return json(res, 400, { error: 'unsupported_grant_type' })
		if (id !== FAKE_CLIENT_ID || secret !== FAKE_CLIENT_SECRET) return json(res, 401, { error: 'invalid_client' })
		const value = randomBytes(24).toString('hex')
		validTokens.add(value)
		issued++
		return json(res, 200, { access_token: value, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read pix.write pix.read webhook.write webhook.read' })
	}

	function serve(operation: Operation, query: URLSearchParams, body: Record<string, unknown> | undefined): [number, unknown] {
		const key = `${operation.method} ${operation.template}`
		const { txid, e2eid, id, chave } = operation.params
		switch (key) {
			case 'put /cob/{txid}': {
				if (!txid) return [400, problem(400, 'RequisicaoInvalida', 'txid')]
				if (cobs.has(txid)) return [400, problem(400, 'CobOperacaoInvalida', 'txid já utilizado')]
				const b = body as { calendario?: { expiracao?: number }; devedor?: { cpf: string; nome: string }; valor: { original: string }; chave: string; solicitacaoPagador?: string }
				const location = `https://pix.example.com/qr/v2/${randomUUID().replace(/-/g, '')}`
				const cob: Cob = {
					txid,
					revisao: 0,
					status: 'ATIVA',
					calendario: { criacao: new Date().toISOString(), expiracao: b.calendario?.expiracao ?? 86400 },
					...(b.devedor ? { devedor: b.devedor } : {}),
					valor: { original: b.valor.original },
					chave: b.chave,
					...(b.solicitacaoPagador ? { solicitacaoPagador: b.solicitacaoPagador } : {}),
					location,
					pixCopiaECola: `00020101021226830014br.gov.bcb.pix2561${location}5204000053039865802BR5913FAKE PSP TEST6008BRASILIA62070503***6304ABCD`,
					pix: [],
				}
				cobs.set(txid, cob)
				return [201, cobView(cob)]
			}
			case 'get /cob/{txid}': {
				const cob = txid ? cobs.get(txid) : undefined
				return cob ? [200, cobView(cob)] : [404, problem(404, 'CobNaoEncontrado', 'cobrança não encontrada')]
			}
			case 'patch /cob/{txid}': {
				const cob = txid ? cobs.get(txid) : undefined
				if (!cob) return [404, problem(404, 'CobNaoEncontrado', 'cobrança não encontrada')]
				if (cob.status !== 'ATIVA') return [400, problem(400, 'CobOperacaoInvalida', `cobrança ${cob.status}`)]
				if (body?.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR') cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR'
				cob.revisao++
				return [200, cobView(cob)]
			}
			case 'get /pix': {
				const inicio = Date.parse(query.get('inicio') ?? '')
				const fim = Date.parse(query.get('fim') ?? '')
				const all = [...cobs.values()].flatMap((cob) => cob.pix).filter((p) => Date.parse(p.horario) >= inicio && Date.parse(p.horario) <= fim)
				const size = Number(query.get('paginacao.itensPorPagina') ?? 100)
				const page = Number(query.get('paginacao.paginaAtual') ?? 0)
				return [
					200,
					{
						parametros: {
							inicio: new Date(inicio).toISOString(),
							fim: new Date(fim).toISOString(),
							paginacao: { paginaAtual: page, itensPorPagina: size, quantidadeDePaginas: Math.max(1, Math.ceil(all.length / size)), quantidadeTotalDeItens: all.length },
						},
						pix: all.slice(page * size, (page + 1) * size).map(pixView),
					},
				]
			}
			case 'put /pix/{e2eid}/devolucao/{id}': {
				const pix = findPix(e2eid)
				if (!pix || !id) return [404, problem(404, 'PixNaoEncontrado', 'pix não encontrado')]
				const existing = pix.devolucoes.find((d) => d.id === id)
				if (existing) return [201, existing]
				const valor = String(body?.valor)
				const refunded = pix.devolucoes.filter((d) => d.status !== 'NAO_REALIZADO').reduce((sum, d) => sum + toCents(d.valor), 0)
				if (toCents(valor) <= 0 || refunded + toCents(valor) > toCents(pix.valor)) {
					return [400, problem(400, 'DevolucaoInvalida', 'valor maior que o disponível para devolução')]
				}
				const devolucao: Devolucao = {
					id,
					rtrId: `D${randomBytes(16).toString('hex').slice(0, 31)}`,
					valor,
					status: 'EM_PROCESSAMENTO',
					horario: { solicitacao: new Date().toISOString() },
					...(typeof body?.descricao === 'string' ? { descricao: body.descricao } : {}),
				}
				pix.devolucoes.push(devolucao)
				return [201, devolucao]
			}
			case 'get /pix/{e2eid}/devolucao/{id}': {
				const devolucao = findPix(e2eid)?.devolucoes.find((d) => d.id === id)
				return devolucao ? [200, devolucao] : [404, problem(404, 'DevolucaoNaoEncontrada', 'devolução não encontrada')]
			}
			case 'get /pix/{e2eid}': {
				const pix = findPix(e2eid)
				return pix ? [200, pixView(pix)] : [404, problem(404, 'PixNaoEncontrado', 'pix não encontrado')]
			}
			case 'put /webhook/{chave}': {
				if (!chave) return [400, problem(400, 'WebhookOperacaoInvalida', 'chave')]
				webhooks.set(chave, String(body?.webhookUrl))
				return [200, {}]
			}
			default:
				violations.push(`operação do documento que o fake não implementa: ${key}`)
				return [503, problem(503, 'ServicoIndisponivel', 'não implementado no fake')]
		}
	}

	function findPix(e2eid: string | undefined): Pix | undefined {
		for (const cob of cobs.values()) for (const pix of cob.pix) if (pix.endToEndId === e2eid) return pix
		return undefined
	}

	async function deliver(pixes: Pix[]): Promise<number[]> {
		const statuses: number[] = []
		const byKey = new Map<string, Pix[]>()
		for (const pix of pixes) byKey.set(pix.chave, [...(byKey.get(pix.chave) ?? []), pix])
		for (const [chave, list] of byKey) {
			const url = webhooks.get(chave)
			if (!url) {
				violations.push(`nenhum webhook registrado para a chave ${chave}`)
				continue
			}
			const body = { pix: list.map(pixView) }
			const problems = contract.checkCallback(body)
			if (problems.length > 0) violations.push(problems.join('; '))
			const response = await fetch(`${url}/pix`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...options.webhookHeaders }, body: JSON.stringify(body) })
			await response.body?.cancel()
			statuses.push(response.status)
		}
		return statuses
	}

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	const origin = `http://127.0.0.1:${port}`

	return {
		apiUrl: `${origin}${API_BASE}`,
		oauthUrl: `${origin}/oauth/token`,
		contract,
		cobs,
		webhooks,
		violations,
		requests,
		tokensIssued: () => issued,
		async pay(txid, payOptions = {}) {
			const cob = cobs.get(txid)
			if (!cob) throw new Error(`fake: cobrança ${txid} não existe`)
			const pix: Pix = {
				endToEndId: `E${randomBytes(16).toString('hex').slice(0, 31)}`,
				txid,
				valor: payOptions.valor ?? cob.valor.original,
				chave: cob.chave,
				horario: new Date().toISOString(),
				infoPagador: 'Pagamento de teste',
				devolucoes: [],
			}
			cob.pix.push(pix)
			cob.status = 'CONCLUIDA'
			const deliveries = payOptions.deliveries ?? 1
			const sends = Array.from({ length: deliveries }, () => () => deliver([pix]))
			if (payOptions.concurrent) await Promise.all(sends.map((send) => send()))
			else for (const send of sends) await send()
			return pix
		},
		deliver,
		async settleRefund(e2eid, id, status, notify = true) {
			const pix = findPix(e2eid)
			const devolucao = pix?.devolucoes.find((d) => d.id === id)
			if (!pix || !devolucao) throw new Error(`fake: devolução ${id} não existe`)
			devolucao.status = status
			devolucao.horario.liquidacao = new Date().toISOString()
			if (status === 'NAO_REALIZADO') devolucao.motivo = 'Conta do pagador encerrada'
			if (notify) await deliver([pix])
		},
		expireTokens: () => validTokens.clear(),
		failNext(status, count = 1) {
			failures = { status, count }
		},
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

function cobView(cob: Cob) {
	const { pix, ...rest } = cob
	return { ...rest, ...(pix.length > 0 ? { pix: pix.map(pixView) } : {}) }
}

function pixView(pix: Pix) {
	const { chave, devolucoes, ...rest } = pix
	return { ...rest, chave, ...(devolucoes.length > 0 ? { devolucoes } : {}) }
}

function problem(status: number, type: string, detail: string) {
	return { type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title: type, status, detail }
}

function toCents(valor: string): number {
	const [reais = '0', centavos = '0'] = valor.split('.')
	return Number(reais) * 100 + Number(centavos.padEnd(2, '0'))
}

function json(res: ServerResponse, status: number, payload: unknown, type = 'application/json') {
	res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8` })
	res.end(JSON.stringify(payload))
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
		req.on('error', reject)
	})
}
