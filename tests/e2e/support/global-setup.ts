import type { TestProject } from 'vitest/node'
import { startAppServer } from '#tests/support/app-server'
import { ADMIN } from './accounts'

declare module 'vitest' {
	export interface ProvidedContext {
		baseUrl: string
	}
}

export default async function setup(project: TestProject) {
	const server = await startAppServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
	project.provide('baseUrl', server.url)
	return async () => {
		await server.stop()
	}
}
