import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { useRootData } from '~/components/shop/use-root-data'

/** The frame of the sign-in pages: the store name back to the shop, one centred card. */
export function AuthShell({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
	const storeName = useRootData()?.settings.storeName
	return (
		<main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-background px-4 py-10">
			<Link to="/" className="text-xl font-bold text-primary hover:underline">
				{storeName || 'Voltar à loja'}
			</Link>
			<Card className="w-full max-w-md">
				<CardHeader>
					<CardTitle>
						<h1 className="text-2xl">{title}</h1>
					</CardTitle>
					{description ? <CardDescription>{description}</CardDescription> : null}
				</CardHeader>
				<CardContent>{children}</CardContent>
			</Card>
		</main>
	)
}

/** A field's error text, tied to the input by `id` (the input's aria-describedby points here). */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
	return (
		<p id={id} className="min-h-5 text-sm text-destructive">
			{errors?.[0] ?? null}
		</p>
	)
}
