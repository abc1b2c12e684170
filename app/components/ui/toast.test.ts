import { describe, expect, test, vi } from 'vitest'

const shown: string[] = []
vi.mock('sonner', () => ({
	toast: Object.assign((title: string) => shown.push(`message:${title}`), {
		success: (title: string) => shown.push(`success:${title}`),
		error: (title: string) => shown.push(`error:${title}`),
	}),
	Toaster: () => null,
}))

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('toast before the outlet is ready', () => {
	test('asks the outlet to mount, waits for it, then shows every toast in order', async () => {
		const { markToasterReady, subscribeToasterRequests, toast, toasterRequested } = await import('./toast')
		const requests = vi.fn()
		subscribeToasterRequests(requests)
		expect(toasterRequested()).toBe(false)

		toast.success('Produto adicionado')
		toast.error('Erro')
		toast('Aviso')
		expect(toasterRequested()).toBe(true)
		expect(requests).toHaveBeenCalledTimes(1)
		await flush()
		expect(shown).toEqual([])

		markToasterReady()
		// The toasts wait for sonner's module, which a loaded machine may give after more than one
		// turn of the event loop: waited for, not assumed after a fixed number of turns.
		await vi.waitFor(() => expect(shown).toEqual(['success:Produto adicionado', 'error:Erro', 'message:Aviso']))

		toast.success('Depois')
		await vi.waitFor(() => expect(shown.at(-1)).toBe('success:Depois'))
	})
})
