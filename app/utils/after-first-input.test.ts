import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

/** A window with events and an idle queue this test runs by hand. */
function fakeWindow() {
	const idle: (() => void)[] = []
	const target = Object.assign(new EventTarget(), {
		requestIdleCallback: (callback: () => void) => idle.push(callback),
	})
	return { target, idle, runIdle: () => idle.shift()?.() }
}

describe('afterFirstInput', () => {
	let fake: ReturnType<typeof fakeWindow>
	beforeEach(() => {
		vi.resetModules()
		fake = fakeWindow()
		vi.stubGlobal('window', fake.target)
	})
	afterEach(() => vi.unstubAllGlobals())

	test('waits for the first tap, key, touch or wheel, then runs one task per idle moment, in order', async () => {
		const { afterFirstInput } = await import('./after-first-input')
		const ran: string[] = []
		afterFirstInput(() => ran.push('drawer'))
		afterFirstInput(() => ran.push('toaster'))
		expect(fake.idle).toHaveLength(0)
		fake.target.dispatchEvent(new Event('scroll'))
		expect(fake.idle).toHaveLength(0)

		fake.target.dispatchEvent(new Event('pointerdown'))
		expect(fake.idle).toHaveLength(1)
		fake.runIdle()
		expect(ran).toEqual(['drawer'])
		fake.runIdle()
		expect(ran).toEqual(['drawer', 'toaster'])
		expect(fake.idle).toHaveLength(0)

		// Once used, a later task needs only an idle moment.
		afterFirstInput(() => ran.push('search'))
		fake.runIdle()
		expect(ran).toEqual(['drawer', 'toaster', 'search'])
	})

	test('a cancelled task never runs; the others still do', async () => {
		const { afterFirstInput } = await import('./after-first-input')
		const ran: string[] = []
		const cancel = afterFirstInput(() => ran.push('cancelled'))
		afterFirstInput(() => ran.push('kept'))
		cancel()
		fake.target.dispatchEvent(new Event('keydown'))
		fake.runIdle()
		fake.runIdle()
		expect(ran).toEqual(['kept'])
	})
})
