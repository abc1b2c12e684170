import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { AppBadges } from './app-badges'

test('app-store badges show only for the links the owner set (issue 13)', () => {
	expect(renderToString(<AppBadges settings={{ appStoreUrl: null, playStoreUrl: null }} />)).toBe('')
	const one = renderToString(<AppBadges settings={{ appStoreUrl: null, playStoreUrl: 'https://play.google.com/store/apps/details?id=br.petestilo' }} />)
	expect(one).toContain('Google Play')
	expect(one).toContain('href="https://play.google.com/store/apps/details?id=br.petestilo"')
	expect(one).not.toContain('App Store')
	const both = renderToString(<AppBadges settings={{ appStoreUrl: 'https://apps.apple.com/br/app/id1', playStoreUrl: 'https://play.google.com/x' }} />)
	expect(both).toContain('App Store')
	expect(both).toContain('rel="noopener noreferrer"')
})
