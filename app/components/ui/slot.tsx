import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react'

/*
 * `asChild` without Radix's Slot (issue 34, decision 148): the button and the badge are in every
 * page's first load, and Radix's Slot with its ref-composing helper was ~1 KB gzipped of it for a
 * merge of props. This is Radix's merge (Slot 1.2, `mergeProps`) for what the shop passes: one
 * child element; the child's props win, except handlers (the child's runs, then the slot's),
 * `style` (merged, the child's keys win) and `className` (the slot's, then the child's); both refs
 * are set. slot.test.tsx renders both side by side. The back-office's Radix parts keep Radix's own.
 */

type Props = Record<string, unknown>
type Handler = (...args: unknown[]) => unknown

function mergeProps(slotProps: Props, childProps: Props): Props {
	const merged: Props = { ...childProps }
	for (const name of Object.keys(childProps)) {
		const slotValue = slotProps[name]
		const childValue = childProps[name]
		if (/^on[A-Z]/.test(name)) {
			if (typeof slotValue === 'function' && typeof childValue === 'function') {
				merged[name] = (...args: unknown[]) => {
					const result = (childValue as Handler)(...args)
					;(slotValue as Handler)(...args)
					return result
				}
			} else if (slotValue) merged[name] = slotValue
		} else if (name === 'style') merged[name] = { ...(slotValue as object), ...(childValue as object) }
		else if (name === 'className') merged[name] = [slotValue, childValue].filter(Boolean).join(' ')
	}
	return { ...slotProps, ...merged }
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
	if (typeof ref === 'function') ref(value)
	else if (ref) ref.current = value
}

/** Both refs, or the one there is (a new function only when both are given). */
function composeRefs<T>(slotRef: Ref<T> | undefined, childRef: Ref<T> | undefined): Ref<T> | undefined {
	if (!slotRef || !childRef) return slotRef ?? childRef
	return (value: T | null) => {
		setRef(slotRef, value)
		setRef(childRef, value)
	}
}

/** Draws its one child element with the slot's props merged in; anything else draws nothing. */
export function Slot({ children, ref, ...slotProps }: Props & { children?: ReactNode; ref?: Ref<unknown> }) {
	if (!isValidElement(children)) return null
	const child = children as ReactElement<Props & { ref?: Ref<unknown> }>
	const props = mergeProps(slotProps, child.props)
	const composed = composeRefs(ref, child.props.ref)
	if (composed) props.ref = composed
	return cloneElement(child, props)
}
