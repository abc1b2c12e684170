import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { ArrowLeft, Bell, CalendarClock, Lightbulb, MapPin, Wifi } from '~/components/icons/lucide'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { subscribeToLaunch } from '~/server/launch-notifications.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { readFormData } from '~/server/read-form.server'
import { absoluteUrl } from '~/server/seo.server'
import { createToastHeaders } from '~/server/toast.server'
import { launchEmailSchema, launchNotificationMessages as messages } from '~/utils/launch-notification'
import { pageTitle, shareMeta } from '~/utils/meta'
import { routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/coming-soon'
import { clientAddressGroup } from '~/server/address-group.server'

/**
 * /em-breve — the tech products teaser (document 000 §2 'Product page', last paragraph) with
 * the 'Notificar Lançamento' sign-up (spec README decision 11).
 */
const NotifyFormSchema = z.object({ email: launchEmailSchema })

/** Sign-ups per client address per hour: plenty for a person, little for a script. */
export const LAUNCH_RATE_LIMIT = { limit: 10, windowSeconds: 60 * 60 } as const

const FEATURES = [
	{ icon: MapPin, title: 'Rastreadores GPS', description: 'Saiba onde seu pet está em tempo real, direto no celular.' },
	{ icon: Lightbulb, title: 'Coleiras de LED', description: 'Mais visibilidade e segurança nos passeios noturnos.' },
	{ icon: Wifi, title: 'Conectividade', description: 'Acessórios inteligentes integrados ao seu dia a dia.' },
] as const

const DESCRIPTION =
	'Rastreadores GPS, coleiras de LED e acessórios conectados para seu pet estão chegando. Cadastre seu e-mail e seja avisado no lançamento.'

// Loader and action headers (Cache-Control, Retry-After) reach the client only through this.
export const headers = routeHeaders()

/** Only what the share tags need: the absolute canonical URL (crawlers ignore relative ones). */
export function loader() {
	return { canonicalUrl: absoluteUrl('/em-breve') }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	const title = pageTitle('Produtos Tech Em Breve', matches)
	if (!loaderData) return [{ title }, { name: 'description', content: DESCRIPTION }]
	return [{ title }, ...shareMeta({ title, description: DESCRIPTION, url: loaderData.canonicalUrl }, matches)]
}

export async function action({ request, context }: Route.ActionArgs) {
	const formData = await readFormData(request)
	// Counted before validation: every attempt costs, so invalid spam is limited too.
	const limit = await consumeRateLimit({ key: `launch:${clientAddressGroup(context.clientIp)}`, ...LAUNCH_RATE_LIMIT })
	const submission = parseWithZod(formData, { schema: NotifyFormSchema })
	if (!limit.allowed) {
		return data(submission.reply({ formErrors: [messages.rateLimited] }), {
			status: 429,
			headers: { 'Retry-After': String(limit.retryAfterSeconds) },
		})
	}
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })

	// Already on the list → same answer: the page never tells who has signed up.
	await subscribeToLaunch(submission.value.email)
	return data(
		{ ...submission.reply({ resetForm: true }), subscribed: true as const },
		{ headers: createToastHeaders({ type: 'success', title: messages.success }) },
	)
}

export default function ComingSoon({ actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting'
	const [form, fields] = useForm<z.input<typeof NotifyFormSchema>>({ lastResult: actionData, shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' })
	const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })
	const subscribed = actionData != null && 'subscribed' in actionData

	return (
		<main className="mx-auto flex w-full max-w-5xl flex-col items-center gap-10 px-4 py-12 text-center sm:py-16">
			<header className="flex flex-col items-center gap-4">
				<Badge variant="secondary" className="gap-1">
					<CalendarClock aria-hidden="true" className="size-3.5" />
					Lançamento previsto: Próximas Semanas
				</Badge>
				<h1 className="text-3xl font-bold sm:text-4xl">Produtos Tech Em Breve</h1>
				<p className="max-w-2xl text-muted-foreground">
					Estamos preparando uma linha de acessórios inteligentes para deixar seu pet ainda mais seguro e conectado.
				</p>
			</header>

			<ul className="grid w-full gap-4 sm:grid-cols-3" aria-label="Novidades">
				{FEATURES.map(({ icon: Icon, title, description }) => (
					<li key={title}>
						<Card className="h-full">
							<CardHeader className="items-center text-center">
								<span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
									<Icon aria-hidden="true" className="size-6" />
								</span>
								<CardTitle>
									<h2 className="text-lg font-semibold">{title}</h2>
								</CardTitle>
							</CardHeader>
							<CardContent>
								<CardDescription>{description}</CardDescription>
							</CardContent>
						</Card>
					</li>
				))}
			</ul>

			<section aria-labelledby="notify-title" className="flex w-full max-w-md flex-col gap-3">
				<h2 id="notify-title" className="text-xl font-semibold">
					Quer ser o primeiro a saber?
				</h2>
				<Form method="post" {...getFormProps(form)} className="flex flex-col gap-2 text-left">
					<Label htmlFor={fields.email.id}>Seu e-mail</Label>
					<Input key={emailKey} {...emailProps} autoComplete="email" placeholder="seu@email.com" />
					<p id={fields.email.errorId} className="min-h-5 text-sm text-destructive">
						{fields.email.errors?.[0] ?? null}
					</p>
					{form.errors?.length ? (
						<p id={form.errorId} role="alert" className="text-sm font-medium text-destructive">
							{form.errors[0]}
						</p>
					) : null}
					<Button type="submit" disabled={submitting}>
						<Bell aria-hidden="true" />
						Notificar Lançamento
					</Button>
					<p role="status" className="min-h-5 text-center text-sm text-muted-foreground">
						{subscribed && !submitting ? messages.success : null}
					</p>
				</Form>
			</section>

			<Button asChild variant="outline">
				<Link to="/">
					<ArrowLeft aria-hidden="true" />
					Voltar para a loja
				</Link>
			</Button>
		</main>
	)
}
