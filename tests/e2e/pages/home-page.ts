import type { Locator, Page } from 'playwright-core'

/** The home page (/) as a shopper meets it. */
export class HomePage {
	constructor(readonly page: Page) {}

	main(): Locator {
		return this.page.getByRole('main')
	}

	async goto(path = '/') {
		const response = await this.page.goto(path)
		// Streamed sections are in: the featured block has left its skeleton.
		await this.featured().getByRole('heading', { level: 2, name: 'Produtos em Destaque' }).waitFor()
		await this.page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => undefined)
		return response
	}

	featured(): Locator {
		return this.page.getByTestId('home-featured')
	}

	hero(): Locator {
		return this.page.locator('section[aria-labelledby="hero-title"]')
	}

	/** The hero's still (the first paint and the last fallback). */
	heroStill(): Locator {
		return this.page.getByTestId('hero-still')
	}

	heroVideo(): Locator {
		return this.hero().getByTestId('background-video')
	}

	/** The hero video's address once it is playing (null while none plays). */
	async playingHeroVideo(): Promise<string | null> {
		const video = this.heroVideo()
		if ((await video.count()) === 0) return null
		return video.evaluate((element: HTMLVideoElement) =>
			!element.paused && element.readyState >= 2 ? new URL(element.currentSrc).pathname : null,
		)
	}

	/** The featured section's card titles, in order. */
	async featuredTitles(): Promise<string[]> {
		return this.featured().getByRole('article').getByRole('heading').allTextContents()
	}

	/** The main's h2 texts in document order. */
	async sectionTitles(): Promise<string[]> {
		return this.main()
			.locator('h2')
			.evaluateAll((headings) => headings.map((h) => (h.textContent ?? '').trim()))
	}

	categoryCard(label: string): Locator {
		return this.page.locator('#categorias').getByRole('link', { name: new RegExp(`^${label}\\b`) })
	}

	categoryRows(): Locator {
		return this.page.getByTestId('home-category-row')
	}

	appDownloadBanner(): Locator {
		return this.page.getByTestId('home-app-download')
	}

	/** The section's top sits just under the sticky header, and scrolling has settled. */
	async sectionInView(id: string): Promise<boolean> {
		const top = () => this.page.evaluate((target) => document.getElementById(target)?.getBoundingClientRect().top ?? null, id)
		const first = await top()
		await this.page.waitForTimeout(150)
		const second = await top()
		return first !== null && first === second && first >= 0 && first < 200
	}
}
