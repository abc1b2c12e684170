import { isIPv4, isIPv6 } from 'node:net'
import { getEnv } from '~/server/env.server'

/**
 * What a per-address limit counts (decision 071). An IPv4 address is one subscriber (or one
 * NAT); an IPv6 subscriber gets a whole /64 (often a /56 or /48) and may pick any of its 2^64
 * addresses per request, so counting exact IPv6 addresses gives them an endless budget. IPv6 is
 * therefore grouped by its first `ipv6Prefix` bits (RATE_LIMIT_IPV6_PREFIX, 64 by default), and an
 * IPv4-mapped address (::ffff:203.0.113.7, what a dual-stack socket reports for an IPv4 client)
 * counts as that IPv4 address: otherwise every IPv4 client would share the one group ::/64.
 *
 * Anything that is not an IP address (the context's 'desconhecido') is returned as it is.
 */
export function addressGroup(address: string, ipv6Prefix: number): string {
	// A zone ('fe80::1%eth0') names the interface, not the client.
	const zoneless = address.trim().split('%')[0] ?? ''
	if (isIPv4(zoneless)) return zoneless
	if (!isIPv6(zoneless)) return address
	const words = ipv6Words(zoneless)
	if (isIPv4Mapped(words)) return ipv4Of(words)
	const masked = words.map((word, index) => word & wordMask(ipv6Prefix - 16 * index))
	return `${canonicalIPv6(masked)}/${ipv6Prefix}`
}

/** The request's address as the per-address limits count it, with the configured IPv6 prefix. */
export function clientAddressGroup(address: string): string {
	return addressGroup(address, getEnv().RATE_LIMIT_IPV6_PREFIX)
}

/** The eight 16-bit words of a valid IPv6 address (a dotted IPv4 tail becomes the last two). */
function ipv6Words(address: string): number[] {
	let text = address.toLowerCase()
	const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
	if (dotted) {
		const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
		text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
	}
	const [head = '', tail] = text.split('::')
	const before = head === '' ? [] : head.split(':')
	const after = tail === undefined || tail === '' ? [] : tail.split(':')
	const zeros = tail === undefined ? 0 : 8 - before.length - after.length
	return [...before, ...Array<string>(zeros).fill('0'), ...after].map((word) => Number.parseInt(word, 16))
}

/** The mask for one word given how many of the prefix's bits fall in it (below 0: none, above 16: all). */
function wordMask(bits: number): number {
	if (bits <= 0) return 0
	if (bits >= 16) return 0xffff
	return (0xffff << (16 - bits)) & 0xffff
}

/** ::ffff:a.b.c.d (RFC 4291 §2.5.5.2). */
function isIPv4Mapped(words: number[]): boolean {
	return words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff
}

function ipv4Of(words: number[]): string {
	const high = words[6] ?? 0
	const low = words[7] ?? 0
	return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`
}

/** RFC 5952 text (lower case, longest zero run as '::'), by the URL parser's own serialiser. */
function canonicalIPv6(words: number[]): string {
	return new URL(`http://[${words.map((word) => word.toString(16)).join(':')}]/`).hostname.slice(1, -1)
}
