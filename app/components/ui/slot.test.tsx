import { Slot as RadixSlot } from 'radix-ui'
import { createElement, type ReactElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test, vi } from 'vitest'
import { Slot } from './slot'

/** Our Slot's element for `props` around `child`, as React would draw it (Slot is a plain function). */
const cloned = (props: Record<string, unknown>, child: ReactNode) => Slot({ ...props, children: child }) as ReactElement<Record<string, unknown>>

describe('Slot without Radix (decision 148)', () => {
	const cases: [string, Record<string, unknown>, ReactElement][] = [
		['classes: the slot\'s, then the child\'s', { className: 'h-9 px-4', 'data-slot': 'button' }, <a href="/x" className="w-full" />],
		['the child\'s attribute wins', { title: 'do slot', id: 'a' }, <a href="/x" title="do filho" />],
		['styles merged, the child\'s keys win', { style: { color: 'red', margin: 1 } }, <span style={{ color: 'blue' }}>x</span>],
		['a slot without a class over a child with one', { 'aria-label': 'Abrir' }, <button type="button" className="size-9" />],
	]
	test.each(cases)('%s: the same HTML as Radix\'s Slot', (_, props, child) => {
		const ours = renderToStaticMarkup(createElement(Slot, props, child))
		const radix = renderToStaticMarkup(createElement(RadixSlot.Slot, props, child))
		expect(ours).toBe(radix)
	})

	test('handlers: the child\'s runs, then the slot\'s, and the child\'s result is returned', () => {
		const calls: string[] = []
		const element = cloned(
			{ onClick: () => calls.push('slot') },
			<a href="/x" onClick={() => (calls.push('child'), 'resultado')} />,
		)
		expect((element.props.onClick as (e: unknown) => unknown)({})).toBe('resultado')
		expect(calls).toEqual(['child', 'slot'])
		// A handler on one side only is that handler.
		const only = vi.fn()
		expect(cloned({ onFocus: only }, <a href="/x" />).props.onFocus).toBe(only)
	})

	test('refs: both are set, or the one given passes through', () => {
		const slotRef = { current: null as unknown }
		const childRef = vi.fn()
		const element = cloned({ ref: slotRef }, <a href="/x" ref={childRef} />)
		const node = { tagName: 'A' }
		;(element.props.ref as (value: unknown) => void)(node)
		expect(slotRef.current).toBe(node)
		expect(childRef).toHaveBeenCalledWith(node)
		expect(cloned({}, <a href="/x" ref={childRef} />).props.ref).toBe(childRef)
	})

	test('anything but one element draws nothing', () => {
		expect(Slot({ children: 'texto' })).toBeNull()
		expect(Slot({})).toBeNull()
	})
})
