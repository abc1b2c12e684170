import { ADD_ON_MESSAGES, LINE_ATTRIBUTE_KEYS } from './add-on-lines'

/**
 * Add-on lines follow their product line (issue 13, defect 3): the extensor, the perfume and
 * the embroideries added with a bandana are removed with it, always have its quantity and
 * have no controls of their own. The lines of one 'Adicionar ao Carrinho' share a group key,
 * a hidden line attribute ('_grupo': attributes starting with '_' are never shown, as in the
 * Storefront API), so the link survives any provider, the sign-in merge and the order.
 *
 * The key is a digest of the product line and its extras, not a random id: adding the same
 * bandana with the same extras again raises the quantities of the same lines (document 000
 * §4), and a different choice makes its own group.
 */
export const GROUP_ATTRIBUTE_KEY = '_grupo'
const GROUP_VALUE = /^[0-9a-f]{16}$/

export const LINE_GROUP_MESSAGES = {
	addonAlone: 'Os adicionais são adicionados junto com o produto.',
	addonLocked: 'Os adicionais acompanham o produto: altere a quantidade ou remova o produto.',
} as const

type Attribute = { key: string; value: string }
type Line = { variantId: string; quantity: number; attributes?: Attribute[] }

export function isHiddenAttribute(key: string): boolean {
	return key.startsWith('_')
}

export function isValidGroupValue(value: string): boolean {
	return GROUP_VALUE.test(value)
}

/** An add-on line names the product it goes with ('Para'); only add-on lines may (lineAttributesIssue). */
export function isAddonLine(line: { attributes?: readonly Attribute[] }): boolean {
	return (line.attributes ?? []).some((a) => a.key === LINE_ATTRIBUTE_KEYS.forProduct)
}

export function groupOf(line: { attributes?: readonly Attribute[] }): string | null {
	const value = (line.attributes ?? []).find((a) => a.key === GROUP_ATTRIBUTE_KEY)?.value
	return value && isValidGroupValue(value) ? value : null
}

/**
 * The lines of one add request with their groups: each add-on joins the product line before
 * it and takes its quantity. Returns the Portuguese problem for an add-on with no product
 * line before it, or for hidden attributes sent from outside.
 */
export function assignLineGroups<L extends Line>(
	lines: readonly L[],
	digest: (text: string) => string,
): { ok: true; lines: L[] } | { ok: false; message: string } {
	if (lines.some((line) => (line.attributes ?? []).some((a) => isHiddenAttribute(a.key)))) {
		return { ok: false, message: ADD_ON_MESSAGES.attributeInvalid }
	}
	const groups: { main: L; addons: L[] }[] = []
	for (const line of lines) {
		if (!isAddonLine(line)) groups.push({ main: line, addons: [] })
		else {
			const current = groups.at(-1)
			if (!current) return { ok: false, message: LINE_GROUP_MESSAGES.addonAlone }
			current.addons.push(line)
		}
	}
	const result: L[] = []
	for (const { main, addons } of groups) {
		if (addons.length === 0) {
			result.push(main)
			continue
		}
		const signature = JSON.stringify([main.variantId, sorted(main.attributes), addons.map((a) => [a.variantId, sorted(a.attributes)]).sort()])
		const group = { key: GROUP_ATTRIBUTE_KEY, value: digest(signature).slice(0, 16) }
		result.push({ ...main, attributes: [...(main.attributes ?? []), group] })
		for (const addon of addons) result.push({ ...addon, quantity: main.quantity, attributes: [...(addon.attributes ?? []), group] })
	}
	return { ok: true, lines: result }
}

function sorted(attributes: readonly Attribute[] | undefined): string[] {
	return (attributes ?? []).map((a) => `${a.key}=${a.value}`).sort()
}

type Grouped = { attributes?: readonly Attribute[] | null }

/** The add-on lines that have their product line among `lines`, by index. */
function attachedAddons<L>(lines: readonly L[], attributesOf: (line: L) => Grouped): Map<number, number> {
	const mainOfGroup = new Map<string, number>()
	lines.forEach((line, index) => {
		const grouped = { attributes: attributesOf(line).attributes ?? [] }
		const group = groupOf(grouped)
		if (group !== null && !isAddonLine(grouped) && !mainOfGroup.has(group)) mainOfGroup.set(group, index)
	})
	const addonOf = new Map<number, number>()
	lines.forEach((line, index) => {
		const grouped = { attributes: attributesOf(line).attributes ?? [] }
		const group = groupOf(grouped)
		const main = group !== null && isAddonLine(grouped) ? mainOfGroup.get(group) : undefined
		if (main !== undefined) addonOf.set(index, main)
	})
	return addonOf
}

/**
 * Lines as a shopper reads them (issue 31): each product line followed by its add-ons (the
 * extensor, the embroidery, the pendants), wherever the provider or the database put them. The
 * cart drawer, the checkout summary, the order page and the e-mails list them in this order.
 * An add-on whose product line is not there keeps its place, as a line of its own.
 */
export function productsWithAddons<L>(lines: readonly L[], attributesOf: (line: L) => Grouped): { line: L; addonOf: L | null }[] {
	const addonOf = attachedAddons(lines, attributesOf)
	const result: { line: L; addonOf: L | null }[] = []
	lines.forEach((line, index) => {
		if (addonOf.has(index)) return
		result.push({ line, addonOf: null })
		for (const [addonIndex, main] of addonOf) if (main === index) result.push({ line: lines[addonIndex] as L, addonOf: line })
	})
	return result
}

/**
 * How many things are in a cart (issue 31): products, not lines nor add-ons. One bandana with
 * two extras is 1; twelve collars with their pendants are 12. The gift counts (it is a product
 * in the box); lines that can no longer be sold do not.
 */
export function countProducts(lines: readonly { quantity: number; attributes?: readonly Attribute[] | null; unavailable?: boolean }[]): number {
	const addonOf = attachedAddons(lines, (line) => line)
	return lines.reduce((sum, line, index) => (line.unavailable || addonOf.has(index) ? sum : sum + line.quantity), 0)
}

/** '1 item', '3 itens' (issue 31: not 'item(s)'). */
export function itemsLabel(count: number): string {
	return `${count} ${count === 1 ? 'item' : 'itens'}`
}
