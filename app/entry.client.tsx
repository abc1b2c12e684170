import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadErrorPageBeforeHydration } from '~/components/shop/error-page-slot'
import { ignoreAbortedRequests } from '~/utils/aborted-requests'

// React Router's default client entry, plus: an aborted request is not an error (see aborted-requests.ts).
ignoreAbortedRequests(window)

function hydrate() {
	startTransition(() => {
		hydrateRoot(
			document,
			<StrictMode>
				<HydratedRouter />
			</StrictMode>,
		)
	})
}

// An error page drawn by the server is hydrated with its module there (decision 144); a failed
// load hydrates anyway: the boundary then loads it again.
const errorPage = loadErrorPageBeforeHydration()
if (errorPage) void errorPage.then(hydrate, hydrate)
else hydrate()
