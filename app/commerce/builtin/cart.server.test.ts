import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { productVariants, products } from '~/db/schema'
import { db } from '~/server/db.server'
import type { CommerceProvider } from '../provider'
import type { Cart } from '../types'
import { builtinProvider as commerce } from './provider.server'
import { createProduct } from './test-factories.server'

withTestDatabase()

let bandana: { id: string }
let bandanaProductId: string
let laco: { id: string }
let nameAddon: { id: string }
let instagramAddon: { id: string }
let extensorAddon: { id: string }
beforeAll(async () => {
	const created = await createProduct({ title: 'Bandana Xadrez Vermelho', variants: [{ priceCents: 2990 }] })
	bandana = created.variant
	bandanaProductId = created.product.id
	laco = (await createProduct({ title: 'Laço Rosa', variants: [{ priceCents: 1299 }] })).variant
	// The product page's fixed add-on products (document 000 §9).
	nameAddon = (await createProduct({ title: 'Adicional: Bordado do nome do pet', handle: 'adicional-nome-pet', variants: [{ priceCents: 1000 }] })).variant
	instagramAddon = (await createProduct({ title: 'Adicional: Bordado do Instagram do pet', handle: 'adicional-instagram-pet', variants: [{ priceCents: 1000 }] })).variant
	extensorAddon = (await createProduct({ title: 'Adicional: Extensor', handle: 'adicional-extensor', variants: [{ priceCents: 500 }] })).variant
})

function line(cart: Cart, variantId: string) {
	return cart.lines.find((l) => l.merchandise.id === variantId)
}

describe('cart', () => {
	test('totals are exact in cents: 3 × 2990 + 1299 = 10269', async () => {
		let cart = await commerce.createCart()
		cart = await commerce.addCartLines(cart.id, [
			{ variantId: bandana.id, quantity: 3 },
			{ variantId: laco.id, quantity: 1 },
		])
		expect(cart.cost.subtotal).toEqual({ amountCents: 10269, currencyCode: 'BRL' })
		expect(cart.cost.total.amountCents).toBe(10269)
		expect(cart.totalQuantity).toBe(4)
		expect(line(cart, bandana.id)?.cost).toEqual({
			unitPrice: { amountCents: 2990, currencyCode: 'BRL' },
			total: { amountCents: 8970, currencyCode: 'BRL' },
		})
		expect(line(cart, laco.id)?.merchandise.product.title).toBe('Laço Rosa')
		expect(line(cart, laco.id)?.merchandise.product.featuredImage?.url).toMatch(/^\/media\//)
		expect(cart.checkoutUrl).toBe('/checkout')
		expect(await commerce.getCart(cart.id)).toEqual(cart)
	})

	test('adding the same variant twice raises its quantity; other attributes make another line', async () => {
		const cart = await commerce.createCart({ lines: [{ variantId: bandana.id, quantity: 1 }] })
		let updated = await commerce.addCartLines(cart.id, [{ variantId: bandana.id, quantity: 2 }])
		expect(updated.lines).toHaveLength(1)
		expect(updated.lines[0]?.quantity).toBe(3)
		// The same attributes in another order are the same line (stored sorted by key).
		updated = await commerce.addCartLines(cart.id, [
			{ variantId: nameAddon.id, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'Thor' }, { key: 'Para', value: 'Bandana Xadrez' }] },
		])
		updated = await commerce.addCartLines(cart.id, [
			{ variantId: nameAddon.id, quantity: 1, attributes: [{ key: 'Para', value: 'Bandana Xadrez' }, { key: 'Nome do pet', value: ' Thor ' }] },
		])
		updated = await commerce.addCartLines(cart.id, [
			{ variantId: nameAddon.id, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'Mel' }, { key: 'Para', value: 'Bandana Xadrez' }] },
		])
		expect(updated.lines.map((l) => l.quantity)).toEqual([3, 2, 1])
		expect(updated.lines[1]?.attributes).toEqual([
			{ key: 'Nome do pet', value: 'Thor' },
			{ key: 'Para', value: 'Bandana Xadrez' },
		])
	})

	test('personalisation: only known keys, within their limits, and only on the paid line that embroiders it', async () => {
		const cart = await commerce.createCart({ lines: [{ variantId: bandana.id, quantity: 1 }] })
		const para = { key: 'Para', value: 'Bandana Xadrez Vermelho' }
		const refused: [Parameters<CommerceProvider['addCartLines']>[1], string][] = [
			// A free name or Instagram on the bandana itself (document 000 §9: a paid add-on line).
			[[{ variantId: bandana.id, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'Thor' }] }], 'A personalização é um adicional: adicione o bordado junto com o produto.'],
			[[{ variantId: bandana.id, quantity: 1, attributes: [{ key: 'Instagram do pet', value: '@thor' }] }], 'A personalização é um adicional: adicione o bordado junto com o produto.'],
			// The Instagram on the (cheaper or equal) name line, or the name on the extensor line.
			[[{ variantId: nameAddon.id, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'Thor' }, { key: 'Instagram do pet', value: '@thor' }, para] }], 'A personalização é um adicional: adicione o bordado junto com o produto.'],
			[[{ variantId: extensorAddon.id, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'Thor' }, para] }], 'A personalização é um adicional: adicione o bordado junto com o produto.'],
			// An embroidery line with nothing to embroider.
			[[{ variantId: nameAddon.id, quantity: 1, attributes: [para] }], 'Personalização inválida. Confira os campos e tente novamente.'],
			// Unknown keys, 'Para' on a main item, the limits of document 000 §5.
			[[{ variantId: bandana.id, quantity: 1, attributes: [{ key: 'Cor', value: 'Azul' }] }], 'Personalização inválida. Confira os campos e tente novamente.'],
			[[{ variantId: bandana.id, quantity: 1, attributes: [para] }], 'Personalização inválida. Confira os campos e tente novamente.'],
			[[{ variantId: nameAddon.id, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'a'.repeat(21) }, para] }], 'O nome do pet deve ter no máximo 20 caracteres'],
			[[{ variantId: instagramAddon.id, quantity: 1, attributes: [{ key: 'Instagram do pet', value: `@${'a'.repeat(31)}` }, para] }], 'O Instagram do pet deve ter no máximo 30 caracteres'],
			[[{ variantId: instagramAddon.id, quantity: 1, attributes: [{ key: 'Instagram do pet', value: 'thor pet!' }, para] }], 'O Instagram do pet deve ter apenas letras, números, ponto e sublinhado'],
			[[{ variantId: laco.id, quantity: 1, attributes: [{ key: 'Fixação', value: 'Cola' }] }], 'Escolha a fixação do lacinho'],
			[[{ variantId: nameAddon.id, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'Thor' }, para, para] }], 'Personalização inválida. Confira os campos e tente novamente.'],
		]
		for (const [lines, userMessage] of refused) {
			await expect(commerce.addCartLines(cart.id, lines), JSON.stringify(lines)).rejects.toMatchObject({ code: 'invalid_input', userMessage })
		}
		// A refused request keeps nothing, not even its valid lines.
		await expect(
			commerce.addCartLines(cart.id, [
				{ variantId: laco.id, quantity: 1 },
				{ variantId: bandana.id, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'Thor' }] },
			]),
		).rejects.toMatchObject({ code: 'invalid_input' })
		expect((await commerce.getCart(cart.id))?.lines.map((l) => [l.merchandise.id, l.quantity])).toEqual([[bandana.id, 1]])

		// What the product page sends is accepted; the handle is stored with one '@'.
		const added = await commerce.addCartLines(cart.id, [
			{ variantId: laco.id, quantity: 2, attributes: [{ key: 'Fixação', value: 'Presilha' }] },
			{ variantId: nameAddon.id, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'a'.repeat(20) }, para] },
			{ variantId: instagramAddon.id, quantity: 1, attributes: [{ key: 'Instagram do pet', value: `@@${'a'.repeat(30)}` }, para] },
			{ variantId: extensorAddon.id, quantity: 1, attributes: [para] },
		])
		expect(line(added, instagramAddon.id)?.attributes).toEqual([{ key: 'Instagram do pet', value: `@${'a'.repeat(30)}` }, para])
		expect(added.lines).toHaveLength(5)
	})

	test('quantity 0 (or less) removes the line; other quantities are set', async () => {
		const cart = await commerce.createCart({
			lines: [
				{ variantId: bandana.id, quantity: 2 },
				{ variantId: laco.id, quantity: 1 },
			],
		})
		const bandanaLine = line(cart, bandana.id)
		const lacoLine = line(cart, laco.id)
		if (!bandanaLine || !lacoLine) throw new Error('linhas ausentes')
		let updated = await commerce.updateCartLines(cart.id, [{ lineId: bandanaLine.id, quantity: 5 }])
		expect(line(updated, bandana.id)?.quantity).toBe(5)
		updated = await commerce.updateCartLines(cart.id, [{ lineId: bandanaLine.id, quantity: 0 }])
		expect(updated.lines.map((l) => l.merchandise.id)).toEqual([laco.id])
		updated = await commerce.updateCartLines(cart.id, [{ lineId: lacoLine.id, quantity: -1 }])
		expect(updated.lines).toEqual([])
		expect(updated.cost.subtotal.amountCents).toBe(0)
		await expect(commerce.updateCartLines(cart.id, [{ lineId: lacoLine.id, quantity: 1 }])).rejects.toMatchObject({
			code: 'line_not_found',
		})
		// Removing what is already gone is harmless (double clicks).
		expect((await commerce.removeCartLines(cart.id, [lacoLine.id, 'lixo'])).lines).toEqual([])
	})

	test('the 101st line is refused and nothing of that call is kept', async () => {
		const many = await db
			.insert(productVariants)
			.values(Array.from({ length: 101 }, (_, i) => ({ productId: bandanaProductId, title: `V${i}`, priceCents: 100 })))
			.returning({ id: productVariants.id })
		const cart = await commerce.createCart({ lines: many.slice(0, 100).map((v) => ({ variantId: v.id, quantity: 1 })) })
		expect(cart.lines).toHaveLength(100)
		const extra = many[100]
		if (!extra) throw new Error('variante ausente')
		await expect(commerce.addCartLines(cart.id, [{ variantId: extra.id, quantity: 1 }])).rejects.toMatchObject({
			code: 'cart_line_limit',
			userMessage: 'O carrinho atingiu o limite de 100 itens.',
		})
		// Raising an existing line is still fine.
		const first = many[0]
		if (!first) throw new Error('variante ausente')
		const raised = await commerce.addCartLines(cart.id, [{ variantId: first.id, quantity: 1 }])
		expect(raised.lines).toHaveLength(100)
		expect(raised.totalQuantity).toBe(101)
	})

	test('unknown, malformed or draft variants are refused with Portuguese messages', async () => {
		const cart = await commerce.createCart()
		const unknown = { variantId: '00000000-0000-4000-8000-000000000000', quantity: 1 }
		await expect(commerce.addCartLines(cart.id, [unknown])).rejects.toMatchObject({
			code: 'variant_not_found',
			userMessage: 'Este produto não está disponível no momento.',
		})
		await expect(commerce.addCartLines(cart.id, [{ variantId: 'nao-e-uuid', quantity: 1 }])).rejects.toMatchObject({
			code: 'variant_not_found',
		})
		const draft = await createProduct({ title: 'Rascunho', status: 'draft' })
		await expect(commerce.addCartLines(cart.id, [{ variantId: draft.variant.id, quantity: 1 }])).rejects.toMatchObject({
			code: 'variant_not_found',
		})
		await expect(commerce.addCartLines(cart.id, [{ variantId: bandana.id, quantity: 0 }])).rejects.toMatchObject({
			code: 'invalid_input',
			userMessage: 'Quantidade inválida.',
		})
		await expect(commerce.addCartLines(cart.id, [{ variantId: bandana.id, quantity: 1000 }])).rejects.toMatchObject({
			userMessage: 'A quantidade máxima por item é 999.',
		})
		expect((await commerce.getCart(cart.id))?.lines).toEqual([])
	})

	test('unknown or malformed cart ids: getCart is null, changes are refused', async () => {
		expect(await commerce.getCart('00000000-0000-4000-8000-000000000000')).toBeNull()
		expect(await commerce.getCart('not-a-uuid')).toBeNull()
		await expect(commerce.addCartLines('not-a-uuid', [{ variantId: bandana.id, quantity: 1 }])).rejects.toMatchObject({
			code: 'cart_not_found',
		})
		await expect(commerce.createCheckout('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
			code: 'cart_not_found',
		})
	})

	test('a line whose variant became unavailable is flagged and leaves the totals', async () => {
		const { product, variant } = await createProduct({ title: 'Gravata Azul', variants: [{ priceCents: 1990, stock: 5 }] })
		const cart = await commerce.createCart({
			lines: [
				{ variantId: variant.id, quantity: 2 },
				{ variantId: laco.id, quantity: 1 },
			],
		})
		expect(line(cart, variant.id)?.unavailable).toBe(false)
		await expect(commerce.addCartLines(cart.id, [{ variantId: variant.id, quantity: 4 }])).rejects.toMatchObject({
			code: 'insufficient_stock',
			userMessage: 'Só temos 5 unidades desta variante em estoque.',
		})

		await db.update(productVariants).set({ stock: 0 }).where(sql`${productVariants.id} = ${variant.id}`)
		let reloaded = await commerce.getCart(cart.id)
		expect(line(reloaded as Cart, variant.id)?.unavailable).toBe(true)
		expect(reloaded?.cost.subtotal.amountCents).toBe(1299)
		expect(reloaded?.totalQuantity).toBe(1)
		await expect(commerce.addCartLines(cart.id, [{ variantId: variant.id, quantity: 1 }])).rejects.toMatchObject({
			code: 'variant_unavailable',
			userMessage: 'Esta variante não está disponível.',
		})

		await db.update(productVariants).set({ stock: null, available: true }).where(sql`${productVariants.id} = ${variant.id}`)
		await db.update(products).set({ status: 'draft' }).where(sql`${products.id} = ${product.id}`)
		reloaded = await commerce.getCart(cart.id)
		expect(line(reloaded as Cart, variant.id)?.unavailable).toBe(true)
	})

	test('prices always come from the database: a price in the input is ignored, an edit shows at once', async () => {
		const { variant } = await createProduct({ title: 'Perfume', variants: [{ priceCents: 1299 }] })
		const cart = await commerce.createCart()
		// The API has no price field; a caller smuggling one in changes nothing.
		const tampered = { variantId: variant.id, quantity: 1, price: { amountCents: 1, currencyCode: 'BRL' }, priceCents: 1 }
		const added = await commerce.addCartLines(cart.id, [tampered as Parameters<CommerceProvider['addCartLines']>[1][number]])
		expect(added.cost.subtotal.amountCents).toBe(1299)
		await db.update(productVariants).set({ priceCents: 1599 }).where(sql`${productVariants.id} = ${variant.id}`)
		expect((await commerce.getCart(cart.id))?.cost.subtotal.amountCents).toBe(1599)
		const columns = await db.execute(
			sql`select column_name from information_schema.columns where table_name = 'cart_lines' and column_name like '%price%'`,
		)
		expect((columns as unknown as { rows: unknown[] }).rows).toEqual([])
	})

	test('createCheckout: our own page in the same tab, refused for an empty cart', async () => {
		const empty = await commerce.createCart()
		await expect(commerce.createCheckout(empty.id)).rejects.toMatchObject({
			code: 'cart_empty',
			userMessage: 'Seu carrinho está vazio',
		})
		const cart = await commerce.createCart({ lines: [{ variantId: laco.id, quantity: 1 }] })
		expect(await commerce.createCheckout(cart.id)).toEqual({ checkoutUrl: '/checkout', external: false })
	})

	test('concurrent adds of the same variant all count', async () => {
		const cart = await commerce.createCart()
		await Promise.all(Array.from({ length: 5 }, () => commerce.addCartLines(cart.id, [{ variantId: laco.id, quantity: 1 }])))
		const reloaded = await commerce.getCart(cart.id)
		expect(reloaded?.lines).toHaveLength(1)
		expect(reloaded?.lines[0]?.quantity).toBe(5)
	})
})
