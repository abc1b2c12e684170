/** The admin the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'dona@loja.test', password: 'senha-forte-da-dona-123' }

let counter = 0
/** A fresh customer identity per call, so tests never share accounts. */
export function newCustomer() {
	counter += 1
	const id = `${Date.now().toString(36)}${process.pid}${counter}`
	return { email: `cliente.${id}@exemplo.test`, password: `senha-${id}-segura` }
}
