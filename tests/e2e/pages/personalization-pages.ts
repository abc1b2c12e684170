import type { Page } from 'playwright-core'

/** /personalize, /personalize-colares and /atacado (document 001 §2), as a shopper uses them. */
export class PersonalizationPages {
	constructor(readonly page: Page) {}

	async goto(path: '/personalize' | '/personalize-colares' | '/atacado') {
		await this.page.goto(path)
		// Clicks before hydration do nothing; React marks the DOM nodes it has hydrated.
		await this.page.waitForFunction(() => {
			const h1 = document.querySelector('main h1')
			return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber'))
		})
	}

	/** A colour swatch of the (visible) colour grid, by its name. */
	async chooseColour(name: string) {
		await this.page
			.locator('label:visible')
			.filter({ has: this.page.locator(`input[type=radio][value="${name}"]`) })
			.first()
			.click()
	}

	async chooseSize(size: string) {
		await this.page
			.locator('label')
			.filter({ has: this.page.locator(`input[name=size][value="${size}"]`) })
			.click()
	}

	addButton() {
		return this.page.getByRole('button', { name: /Adicionar ao Carrinho|Adicionando\.\.\./ }).filter({ visible: true })
	}

	total(testId = 'total-personalizacao') {
		return this.page.getByTestId(testId)
	}

	/** A 1×1 PNG, the smallest real image: the server reads its magic bytes. */
	static readonly PNG = Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
		'base64',
	)

	async upload(
		label: string | RegExp,
		file: { name: string; mimeType: string; buffer: Buffer } = {
			name: 'rosto.png',
			mimeType: 'image/png',
			buffer: PersonalizationPages.PNG,
		},
	) {
		await this.page.getByLabel(label).setInputFiles(file)
	}

	/** The drop zone of an image field (issue 31), by the field's label. */
	dropZone(label: string | RegExp) {
		return this.page.getByTestId('zona-upload').filter({ has: this.page.getByLabel(label) })
	}

	/** Drags a PNG onto an image field's drop zone and drops it there, as a file from the desktop would be. */
	async dropFile(label: string | RegExp, name = 'rosto.png') {
		const zone = this.dropZone(label)
		const dataTransfer = await this.page.evaluateHandle(
			({ base64, fileName }) => {
				const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
				const transfer = new DataTransfer()
				transfer.items.add(new File([bytes], fileName, { type: 'image/png' }))
				return transfer
			},
			{ base64: PersonalizationPages.PNG.toString('base64'), fileName: name },
		)
		await zone.dispatchEvent('dragenter', { dataTransfer })
		await zone.dispatchEvent('dragover', { dataTransfer })
		await zone.dispatchEvent('drop', { dataTransfer })
	}
}
