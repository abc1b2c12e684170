import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for ViaCEP (tests never reach the internet): the e2e server's CEP_LOOKUP_URL
 * points here. Known CEPs answer ViaCEP's JSON; the others show each way a real service fails.
 */
export const FAKE_ADDRESSES: Record<string, { logradouro: string; bairro: string; localidade: string; uf: string }> = {
	'01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
	'88015100': { logradouro: 'Rua Felipe Schmidt', bairro: 'Centro', localidade: 'Florianópolis', uf: 'SC' },
}
/** Answers 500: the checkout falls back to the offline ranges (RJ, Rio de Janeiro). */
export const FAILING_CEP = '20040020'
/** Answers after 10 s, past the lookup's timeout: the offline ranges again (MG, Belo Horizonte). */
export const SLOW_CEP = '30130010'
/** Answers ViaCEP's { erro: true }: an unknown CEP. */
export const UNKNOWN_CEP = '99999999'

export async function startFakeAddressService(): Promise<{ url: string; stop: () => Promise<void> }> {
	const pending = new Set<NodeJS.Timeout>()
	const server: Server = createServer((request, response) => {
		const cep = /^\/ws\/(\d{8})\/json\/$/.exec(request.url ?? '')?.[1]
		const send = (status: number, body: unknown) => {
			response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
			response.end(JSON.stringify(body))
		}
		if (!cep) return send(400, { erro: 'formato' })
		if (cep === FAILING_CEP) return send(500, { message: 'falhou' })
		if (cep === UNKNOWN_CEP) return send(200, { erro: 'true' })
		if (cep === SLOW_CEP) {
			const timer = setTimeout(() => {
				pending.delete(timer)
				send(200, { cep: '30130-010', logradouro: 'Tarde demais', bairro: '', localidade: 'Belo Horizonte', uf: 'MG' })
			}, 10_000)
			pending.add(timer)
			return
		}
		const address = FAKE_ADDRESSES[cep]
		if (!address) return send(200, { erro: true })
		return send(200, { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', ibge: '', ...address })
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}/ws/{cep}/json/`,
		stop: () =>
			new Promise<void>((resolve) => {
				for (const timer of pending) clearTimeout(timer)
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}
