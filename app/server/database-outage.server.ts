import type { ServerBuild } from 'react-router'
import type { CommerceError } from '~/commerce/errors'
import { isDatabaseUnavailableError } from '~/server/database-errors.server'
import { logger } from '~/server/logger.server'

/**
 * While the database is unreachable (restart, failover), every page and resource answers
 * 503 with Retry-After instead of a 500 or a hang, and the shop recovers on its own: the
 * pool opens new connections as soon as the database answers (db.server.ts).
 *
 * One place does it for every route: the HTTP entry wraps each route module's loader and
 * action (withDatabaseOutageResponses), so a route added tomorrow is covered too. A loader
 * that throws a Response keeps its status through React Router: resource routes send it
 * as is, pages render the error boundary with status 503 (root.tsx shows
 * UnavailableContent), on the server and again after hydration.
 */

/** A restart or failover usually takes seconds; ask clients to come back a little later. */
export const DATABASE_RETRY_AFTER_SECONDS = 30

export const DATABASE_UNAVAILABLE_MESSAGE =
	'A loja está temporariamente indisponível. Estamos resolvendo; tente novamente em alguns instantes.'

export function databaseUnavailableResponse(): Response {
	return new Response(DATABASE_UNAVAILABLE_MESSAGE, {
		status: 503,
		statusText: 'Service Unavailable',
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
			'Cache-Control': 'no-store',
		},
	})
}

/**
 * The commerce provider (a hosted store, decision 046) failed or timed out: the page is not
 * broken, its upstream is. A Response keeps the status (502) through React Router, so the
 * page's own error boundary ('Erro ao carregar produto', …) renders with it instead of a 500.
 */
function providerFailureResponse(status: number, message: string): Response {
	return new Response(message, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}

/**
 * By shape, not instanceof: the HTTP entry is bundled apart from the routes' build, so it holds
 * its own copy of the CommerceError class.
 */
function isProviderFailure(error: unknown): error is CommerceError {
	if (!(error instanceof Error)) return false
	const { code, status, userMessage } = error as Partial<CommerceError>
	return code === 'provider_error' && typeof status === 'number' && typeof userMessage === 'string'
}

type Handler = (args: never) => unknown

function guard<F extends Handler>(handler: F, routeId: string): F {
	const guarded = async (args: never) => {
		try {
			return await handler(args)
		} catch (error) {
			if (isProviderFailure(error)) {
				logger.error({ err: error, route: routeId }, `provedor de catálogo falhou: respondendo ${error.status}`)
				throw providerFailureResponse(error.status, error.userMessage)
			}
			if (!isDatabaseUnavailableError(error)) throw error
			logger.warn({ err: error, route: routeId }, 'banco de dados indisponível: respondendo 503')
			throw databaseUnavailableResponse()
		}
	}
	return guarded as unknown as F
}

/**
 * The same build with every loader and action turning "database unreachable" into a 503
 * Response and a failure of the commerce provider into its status (502). Route modules are ES module namespaces (read-only), hence copies.
 */
export function withDatabaseOutageResponses(build: ServerBuild): ServerBuild {
	const routes: ServerBuild['routes'] = {}
	for (const [id, route] of Object.entries(build.routes)) {
		if (!route) continue
		const module = { ...route.module }
		if (module.loader) module.loader = guard(module.loader, id)
		if (module.action) module.action = guard(module.action, id)
		routes[id] = { ...route, module }
	}
	return { ...build, routes }
}
