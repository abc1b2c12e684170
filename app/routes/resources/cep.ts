import { data } from 'react-router'
import { type CepAddress, lookupCep } from '~/server/address/cep-lookup.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import type { Route } from './+types/cep'
import { clientAddressGroup } from '~/server/address-group.server'

/**
 * GET /resources/cep/:cep — the checkout's auto-fill (issue 13): the address of a CEP from
 * the address service, or the state (and capital) from the offline CEP ranges. Public, as the
 * checkout is; limited per client address (generous: shoppers behind one carrier NAT share
 * an address) so the shop is no free proxy for the service.
 */
export const CEP_RATE_LIMIT = { limit: 120, windowSeconds: 60 } as const

export type CepLookupResponse = { ok: true; address: CepAddress } | { ok: false; message: string }

export async function loader({ params, context }: Route.LoaderArgs) {
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	const reply = (body: CepLookupResponse, status: number) => data(body, { status, headers })
	const limit = await consumeRateLimit({ key: `cep:${clientAddressGroup(context.clientIp)}`, ...CEP_RATE_LIMIT })
	if (!limit.allowed) {
		headers.set('Retry-After', String(limit.retryAfterSeconds))
		return reply({ ok: false, message: 'Muitas consultas de CEP. Tente novamente em instantes.' }, 429)
	}
	const result = await lookupCep(params.cep)
	if (result === null) return reply({ ok: false, message: 'CEP inválido. Use 8 números, como 01310-100.' }, 400)
	if (!result.found) return reply({ ok: false, message: 'CEP não encontrado. Confira o número ou preencha o endereço.' }, 404)
	return reply({ ok: true, address: result.address }, 200)
}
