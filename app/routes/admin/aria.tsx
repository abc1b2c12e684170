import { data, Link } from 'react-router'
import { z } from 'zod'
import { AdminPage } from '~/components/admin/admin-page'
import { ARIA_TABS, type AriaTab, isAriaTab } from '~/components/admin/aria/aria-tabs'
import { BreedsTab } from '~/components/admin/aria/breeds-tab'
import { ConversationsTab } from '~/components/admin/aria/conversations-tab'
import { KnowledgeTab } from '~/components/admin/aria/knowledge-tab'
import { ProductsTab } from '~/components/admin/aria/products-tab'
import { TestConsole } from '~/components/admin/aria/test-console'
import {
	ARIA_ADMIN_MESSAGES as M,
	addKnowledge,
	breedSchema,
	deleteBreed,
	deleteKnowledge,
	knowledgeSchema,
	listAriaProducts,
	listBreeds,
	listKnowledge,
	saveBreed,
	setAriaProductActive,
	syncAriaProducts,
	updateKnowledge,
} from '~/server/aria/aria-admin.server'
import { latestConversations, unansweredQuestions } from '~/server/aria/conversations.server'
import { ariaModelConfig, runReply } from '~/server/aria/reply-stream.server'
import { requireAdmin } from '~/server/auth/guards.server'
import { logger } from '~/server/logger.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders } from '~/server/toast.server'
import { ARIA_MESSAGE_MAX_LENGTH, productHandlesOf } from '~/utils/aria-reply'
import { cn } from '~/utils/cn'
import { pageTitle } from '~/utils/meta'
import { userText } from '~/utils/text-schema'
import type { Route } from './+types/aria'

/**
 * /admin/aria 'Gerenciar Aria' (document 001 §2, §7, §8; issue 12): what the assistant knows
 * (knowledge base), which products it may recommend (synced from the catalogue), the breed
 * table it sizes from, a console to try a question, and the latest conversations with the
 * questions it could not answer. One tab per `?aba=`, so each loads only its own data.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Gerenciar Aria', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const requested = new URL(request.url).searchParams.get('aba')
	const tab: AriaTab = isAriaTab(requested) ? requested : 'conhecimento'
	const modelConfigured = ariaModelConfig() !== null
	switch (tab) {
		case 'conhecimento':
			return { tab, modelConfigured, knowledge: await listKnowledge().catch(loadFailed(M.knowledgeLoadFailed)) }
		case 'produtos':
			return { tab, modelConfigured, products: await listAriaProducts().catch(loadFailed(M.productsLoadFailed)) }
		case 'racas':
			return { tab, modelConfigured, breeds: await listBreeds() }
		case 'testar':
			return { tab, modelConfigured }
		case 'conversas': {
			const [conversations, unanswered] = await Promise.all([latestConversations(20), unansweredQuestions(50)])
			return { tab, modelConfigured, conversations, unanswered }
		}
	}
}

/** A tab whose data failed shows §8's message instead of a 500. */
function loadFailed(message: string) {
	return (error: unknown) => {
		logger.error({ err: error }, message)
		return { error: message } as const
	}
}

const idSchema = z.uuid('Item inválido.')
const actionSchema = z.discriminatedUnion(
	'intent',
	[
		z.object({ intent: z.literal('add-knowledge'), title: z.string(), content: z.string(), category: z.string().default('') }),
		z.object({
			intent: z.literal('update-knowledge'),
			id: idSchema,
			title: z.string(),
			content: z.string(),
			category: z.string().default(''),
		}),
		z.object({ intent: z.literal('delete-knowledge'), id: idSchema }),
		z.object({ intent: z.literal('sync-products') }),
		z.object({ intent: z.literal('toggle-product'), id: idSchema, active: z.enum(['true', 'false']) }),
		z.object({
			intent: z.literal('save-breed'),
			id: z.union([idSchema, z.literal('')]).default(''),
			name: z.string(),
			aliases: z.string().default(''),
			neckCm: z.string(),
		}),
		z.object({ intent: z.literal('delete-breed'), id: idSchema }),
		z.object({
			intent: z.literal('test-question'),
			question: userText()
				.trim()
				.min(1, 'Digite uma pergunta.')
				.max(ARIA_MESSAGE_MAX_LENGTH, `A pergunta pode ter no máximo ${ARIA_MESSAGE_MAX_LENGTH} caracteres.`),
		}),
	],
	{ error: 'Ação inválida.' },
)

export type AriaAdminActionData =
	| { ok: true; intent: string; answer?: { text: string; handles: string[]; answered: boolean; engine: string } }
	| { ok: false; intent: string; message: string }

const done = (intent: string, title: string, extra: Partial<Extract<AriaAdminActionData, { ok: true }>> = {}) =>
	data({ ok: true, intent, ...extra } satisfies AriaAdminActionData, {
		headers: title ? createToastHeaders({ type: 'success', title }) : undefined,
	})
const refused = (intent: string, title: string, message: string, status = 400) =>
	data({ ok: false, intent, message } satisfies AriaAdminActionData, {
		status,
		headers: createToastHeaders({ type: 'error', title, description: message === title ? undefined : message }),
	})

export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const form = await readFormData(request)
	const parsed = actionSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')))
	const intent = String(form.get('intent') ?? '')
	if (!parsed.success)
		return refused(intent, parsed.error.issues[0]?.message ?? 'Ação inválida.', parsed.error.issues[0]?.message ?? 'Ação inválida.')
	const input = parsed.data
	switch (input.intent) {
		case 'add-knowledge':
		case 'update-knowledge': {
			const fields = knowledgeSchema.safeParse(input)
			const failTitle = input.intent === 'add-knowledge' ? M.knowledgeAddFailed : M.knowledgeUpdateFailed
			if (!fields.success)
				return refused(
					input.intent,
					fields.error.issues[0]?.message ?? M.knowledgeRequired,
					fields.error.issues[0]?.message ?? M.knowledgeRequired,
				)
			if (input.intent === 'add-knowledge') {
				try {
					await addKnowledge(fields.data)
				} catch (error) {
					logger.error({ err: error }, M.knowledgeAddFailed)
					return refused(input.intent, M.knowledgeAddFailed, M.knowledgeAddFailed, 503)
				}
				return done(input.intent, M.knowledgeAdded)
			}
			return (await updateKnowledge(input.id, fields.data))
				? done(input.intent, M.knowledgeUpdated)
				: refused(input.intent, failTitle, 'Conhecimento não encontrado.', 404)
		}
		case 'delete-knowledge':
			return (await deleteKnowledge(input.id))
				? done(input.intent, M.knowledgeRemoved)
				: refused(input.intent, M.knowledgeRemoveFailed, M.knowledgeRemoveFailed, 404)
		case 'sync-products':
			try {
				return done(input.intent, M.synced(await syncAriaProducts()))
			} catch (error) {
				logger.error({ err: error }, M.syncFailed)
				return refused(input.intent, M.syncFailed, M.syncFailed, 503)
			}
		case 'toggle-product':
			return (await setAriaProductActive(input.id, input.active === 'true'))
				? done(input.intent, M.productUpdated)
				: refused(input.intent, M.productUpdateFailed, M.productUpdateFailed, 404)
		case 'save-breed': {
			const fields = breedSchema.safeParse(input)
			if (!fields.success) return refused(input.intent, M.breedFailed, fields.error.issues[0]?.message ?? M.breedFailed)
			const saved = await saveBreed(input.id || null, fields.data)
			return saved.ok ? done(input.intent, M.breedSaved) : refused(input.intent, M.breedFailed, saved.message)
		}
		case 'delete-breed':
			return (await deleteBreed(input.id))
				? done(input.intent, M.breedRemoved)
				: refused(input.intent, M.breedFailed, 'Raça não encontrada.', 404)
		case 'test-question': {
			// The same engine the shop uses, without a shopper's page, cart or pets; nothing is stored.
			const outcome = await runReply(
				{ message: input.question, history: [], context: { productHandle: null, cart: null, pets: [] } },
				request.signal,
				() => {},
				{
					wordDelayMs: 0,
				},
			)
			return done(input.intent, '', {
				answer: { text: outcome.text, handles: productHandlesOf(outcome.text), answered: outcome.answered, engine: outcome.engine },
			})
		}
	}
}

export default function AriaAdmin({ loaderData }: Route.ComponentProps) {
	const { tab } = loaderData
	return (
		<AdminPage
			title="Gerenciar Aria"
			description={
				loaderData.modelConfigured
					? 'A Aria responde por um modelo de linguagem configurado (ARIA_API_URL), com o que está aqui; se ele falhar, a assistente embutida responde.'
					: 'A Aria responde com a assistente embutida, a partir do que está aqui: sem serviço externo.'
			}
		>
			<nav aria-label="Seções da Aria" className="mb-6 flex flex-wrap gap-1 rounded-lg bg-muted p-1">
				{ARIA_TABS.map(([id, label]) => (
					<Link
						key={id}
						to={`?aba=${id}`}
						aria-current={tab === id ? 'page' : undefined}
						className={cn(
							'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground',
							tab === id && 'bg-background text-foreground shadow-sm',
						)}
					>
						{label}
					</Link>
				))}
			</nav>
			{loaderData.tab === 'conhecimento' ? <KnowledgeTab knowledge={loaderData.knowledge} /> : null}
			{loaderData.tab === 'produtos' ? <ProductsTab products={loaderData.products} /> : null}
			{loaderData.tab === 'racas' ? <BreedsTab breeds={loaderData.breeds} /> : null}
			{loaderData.tab === 'testar' ? <TestConsole /> : null}
			{loaderData.tab === 'conversas' ? (
				<ConversationsTab conversations={loaderData.conversations} unanswered={loaderData.unanswered} />
			) : null}
		</AdminPage>
	)
}
