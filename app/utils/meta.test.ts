import { describe, expect, it } from 'vitest'
import { pageTitle, shareMeta } from './meta'

describe('pageTitle', () => {
	it('appends the store name from the root loader data', () => {
		const matches = [{ id: 'root', loaderData: { settings: { storeName: 'Pet Estilo' } } }, { id: 'routes/x', loaderData: null }]
		expect(pageTitle('Página não encontrada', matches)).toBe('Página não encontrada | Pet Estilo')
	})

	it('uses the title alone when the root data is missing (root error)', () => {
		expect(pageTitle('Dashboard', [{ id: 'root', loaderData: undefined }])).toBe('Dashboard')
		expect(pageTitle('Dashboard', [])).toBe('Dashboard')
	})
})

describe('shareMeta', () => {
	const matches = [{ id: 'root', loaderData: { settings: { storeName: 'Pet Estilo' } } }]
	const find = (tags: ReturnType<typeof shareMeta>, key: string) =>
		tags.find((tag) => 'property' in tag ? tag.property === key : 'name' in tag && tag.name === key) as { content?: string } | undefined

	it('builds canonical, Open Graph (with site name and pt_BR locale) and Twitter tags', () => {
		const tags = shareMeta(
			{ title: 'Bandanas | Pet Estilo', description: 'Bandanas para pets', url: 'https://loja.test/categoria/bandana', imageUrl: 'https://loja.test/a.jpg', imageAlt: 'Bandana' },
			matches,
		)
		expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://loja.test/categoria/bandana' })
		expect(find(tags, 'description')?.content).toBe('Bandanas para pets')
		expect(find(tags, 'og:type')?.content).toBe('website')
		expect(find(tags, 'og:title')?.content).toBe('Bandanas | Pet Estilo')
		expect(find(tags, 'og:url')?.content).toBe('https://loja.test/categoria/bandana')
		expect(find(tags, 'og:site_name')?.content).toBe('Pet Estilo')
		expect(find(tags, 'og:locale')?.content).toBe('pt_BR')
		expect(find(tags, 'og:image')?.content).toBe('https://loja.test/a.jpg')
		expect(find(tags, 'og:image:alt')?.content).toBe('Bandana')
		expect(find(tags, 'twitter:card')?.content).toBe('summary_large_image')
		expect(find(tags, 'twitter:image')?.content).toBe('https://loja.test/a.jpg')
	})

	it('without an image: summary card, no image tags; without root data: no site name', () => {
		const tags = shareMeta({ title: 'Em breve', description: 'd', url: 'https://loja.test/em-breve', type: 'product' }, [])
		expect(find(tags, 'og:type')?.content).toBe('product')
		expect(find(tags, 'twitter:card')?.content).toBe('summary')
		expect(find(tags, 'og:image')).toBeUndefined()
		expect(find(tags, 'twitter:image')).toBeUndefined()
		expect(find(tags, 'og:site_name')).toBeUndefined()
		expect(find(tags, 'og:locale')?.content).toBe('pt_BR')
	})
})
