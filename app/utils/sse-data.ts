/**
 * Server-sent events as the assistant speaks them (document 000 §7): the complete 'data:'
 * payloads in a text buffer, and the unfinished rest to keep for the next chunk. Shared by the
 * chat panel (reading our endpoint) and the server (reading an OpenAI-compatible model).
 */
export function takeSseData(buffer: string): { payloads: string[]; rest: string } {
	const payloads: string[] = []
	let rest = buffer
	let newline: number
	while ((newline = rest.indexOf('\n')) >= 0) {
		const line = rest.slice(0, newline).replace(/\r$/, '')
		rest = rest.slice(newline + 1)
		if (line.startsWith('data:')) payloads.push(line.slice(5).trim())
	}
	return { payloads, rest }
}
