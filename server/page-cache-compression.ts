import { randomBytes } from 'node:crypto'
import { brotliCompress, brotliDecompressSync, constants, crc32, createBrotliCompress, deflateRawSync } from 'node:zlib'
import { promisify } from 'node:util'

/**
 * How the page cache keeps a page compressed once although each response carries its own CSP
 * nonce (decisions 055 and 088). The stored page is split at the nonce; gzip joins deflated
 * pieces around it, brotli writes a stand-in of the nonce's length where the response's nonce is
 * copied in.
 */

/** A page's text between two nonces, and the same deflated on its own (for gzip). */
export type PagePiece = { text: Buffer; deflated: Buffer }

export function pieceOf(text: string): PagePiece {
	const bytes = Buffer.from(text)
	return { text: bytes, deflated: deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }) }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
/** An empty final stored block: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

/**
 * A gzip body from the stored pieces and this response's nonce, without compressing the page
 * again. Each piece was deflated on its own and sync-flushed (so it ends on a byte boundary and
 * refers to nothing before it); the nonce goes between them as a stored (uncompressed) block.
 * Deflate streams may be cut and joined at such boundaries (what pigz does); the gzip trailer
 * carries the CRC-32 and length of the whole page.
 */
export function gzipWithNonce(pieces: { text: Buffer; deflated: Buffer }[], nonce: string): Buffer {
	const nonceBytes = Buffer.from(nonce)
	const storedNonce = Buffer.alloc(5 + nonceBytes.length)
	storedNonce[0] = 0x00
	storedNonce.writeUInt16LE(nonceBytes.length, 1)
	storedNonce.writeUInt16LE(~nonceBytes.length & 0xffff, 3)
	nonceBytes.copy(storedNonce, 5)
	const parts: Buffer[] = [GZIP_HEADER]
	let crc = 0
	let size = 0
	pieces.forEach((piece, index) => {
		if (index > 0) {
			parts.push(storedNonce)
			crc = crc32(nonceBytes, crc)
			size += nonceBytes.length
		}
		parts.push(piece.deflated)
		crc = crc32(piece.text, crc)
		size += piece.text.length
	})
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(size >>> 0, 4)
	parts.push(FINAL_BLOCK, trailer)
	return Buffer.concat(parts)
}


/**
 * A brotli body whose nonce is copied in per response: `body` holds a stand-in (`slot`) at
 * `offset`, to be overwritten by a nonce of the same length.
 */
export type BrotliWithSlot = { body: Buffer; offset: number; slotLength: number; tail: string }

/** Brotli quality for stored pages: compressed once per page and change, off the main thread (decision 088). */
export const STORED_BROTLI_QUALITY = 9

const brotliAsync = promisify(brotliCompress)

/**
 * Brotli of the page with `nonceLike`'s shape at each nonce, or null when this page cannot be
 * stored that way (the caller serves gzip then).
 *
 * Why it works: the first nonce is written as a stand-in of random bytes with the high bit set
 * (no text matches them) and the nonce's own last two characters, flushed on both sides so the
 * encoder stores it as an uncompressed meta-block: its bytes appear verbatim in the output. Every
 * later nonce is the same stand-in, so the encoder copies it from the first (a backward
 * reference), and overwriting the first copies the response's nonce everywhere. Brotli picks a
 * literal's code from the two bytes before it; the stand-in ends with the nonce's own last two
 * characters ('==' for 16 random bytes in base64), so the text after it decodes the same. The
 * result is checked once, with another nonce, before it is used: an encoder that did anything
 * else is caught here, never in a browser.
 */
export async function brotliWithNonceSlot(pieces: readonly string[], nonceLike: string): Promise<BrotliWithSlot | null> {
	const tail = nonceLike.slice(-2)
	if (pieces.length < 2) {
		const body = await brotliAsync(Buffer.from(pieces.join('')), brotliOptions(pieces[0]?.length ?? 0))
		return { body, offset: -1, slotLength: 0, tail }
	}
	const slotLength = Buffer.byteLength(nonceLike)
	if (slotLength < 3 || Buffer.byteLength(tail) !== 2) return null
	const slot = Buffer.concat([randomBytes(slotLength - 2).map((byte) => byte | 0x80), Buffer.from(tail)])
	const total = pieces.reduce((sum, piece) => sum + piece.length, 0)
	const body = await encodeAroundFirstSlot(pieces, slot, total)
	const offset = body.indexOf(slot)
	if (offset < 0 || body.indexOf(slot, offset + 1) >= 0) return null
	const stored: BrotliWithSlot = { body, offset, slotLength, tail }
	const probe = randomBytes(slotLength).toString('base64').slice(0, slotLength - 2) + tail
	try {
		const decoded = brotliDecompressSync(brotliForNonce(stored, probe) ?? Buffer.alloc(0))
		return decoded.equals(Buffer.from(pieces.join(probe))) ? stored : null
	} catch {
		return null
	}
}

/** The stored brotli body with this response's nonce in place, or null when the nonce does not fit the slot. */
export function brotliForNonce(stored: BrotliWithSlot, nonce: string): Buffer | null {
	if (stored.offset < 0) return stored.body
	if (Buffer.byteLength(nonce) !== stored.slotLength || !nonce.endsWith(stored.tail)) return null
	const body = Buffer.from(stored.body)
	body.write(nonce, stored.offset)
	return body
}

function brotliOptions(sizeHint: number) {
	return {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY,
			[constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
			[constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
		},
	}
}

/** piece 0, flush, the slot, flush, then the rest with the slot at every later nonce. */
function encodeAroundFirstSlot(pieces: readonly string[], slot: Buffer, sizeHint: number): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const encoder = createBrotliCompress(brotliOptions(sizeHint))
		const chunks: Buffer[] = []
		encoder.on('data', (chunk: Buffer) => chunks.push(chunk))
		encoder.on('error', reject)
		encoder.on('end', () => resolve(Buffer.concat(chunks)))
		const rest = Buffer.concat(pieces.slice(1).flatMap((piece, index) => (index > 0 ? [slot, Buffer.from(piece)] : [Buffer.from(piece)])))
		encoder.write(Buffer.from(pieces[0] ?? ''))
		encoder.flush(constants.BROTLI_OPERATION_FLUSH, () => {
			encoder.write(slot)
			encoder.flush(constants.BROTLI_OPERATION_FLUSH, () => {
				encoder.end(rest)
			})
		})
	})
}
