import { describe, expect, test } from 'vitest'
import { HOME_ROWS_PATH, rowProductsRequest, rowProductsRequestFor } from './row-products'

const CARDS = { bandana: [{ id: '1', handle: 'bandana-preta', title: 'Bandana Preta' }] }

/** A fetch that answers each call with the next reply and counts the calls. */
function fakeFetch(...replies: (Response | Error)[]) {
	const calls: string[] = []
	const fetchRows = (async (input: RequestInfo | URL) => {
		calls.push(String(input))
		const reply = replies.shift() ?? new Error('no reply left')
		if (reply instanceof Error) throw reply
		return reply
	}) as typeof fetch
	return { calls, fetchRows }
}

describe("the home rows' cards, one request for every row (decision 139)", () => {
	test('rows asking at once and later share one request and its answer', async () => {
		const { calls, fetchRows } = fakeFetch(Response.json(CARDS))
		const request = rowProductsRequest(fetchRows)
		const first = request()
		expect(request()).toBe(first)
		expect(await first).toEqual(CARDS)
		expect(await request()).toEqual(CARDS)
		expect(calls).toEqual([HOME_ROWS_PATH])
	})

	test('a failed request resolves to null and the next row asks again', async () => {
		const { calls, fetchRows } = fakeFetch(new Error('offline'), new Response('', { status: 503 }), Response.json(CARDS))
		const request = rowProductsRequest(fetchRows)
		expect(await request()).toBeNull()
		expect(await request()).toBeNull()
		expect(await request()).toEqual(CARDS)
		expect(calls).toHaveLength(3)
	})

	test("one request per answer of the page's loader: a revalidated page asks anew", () => {
		const answer = {}
		expect(rowProductsRequestFor(answer)).toBe(rowProductsRequestFor(answer))
		expect(rowProductsRequestFor({})).not.toBe(rowProductsRequestFor(answer))
	})
})
