import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { ignoreAbortedRequests } from '~/utils/aborted-requests'

// React Router's default client entry, plus: an aborted request is not an error (see aborted-requests.ts).
ignoreAbortedRequests(window)

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})
