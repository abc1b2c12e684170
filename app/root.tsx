import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import { useNonce } from '~/components/nonce'
import './styles/app.css'

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	return (
		<html lang="pt-BR">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body>
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}
