import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parse } from 'csv-parse'
import { ProductDraftBuilder } from './shopify-csv-drafts'
import { PRODUCT_CSV_MAX_BYTES, PRODUCT_CSV_MAX_ROWS, type ParsedProductCsv, canonicalColumn } from './shopify-csv'

/**
 * A Shopify product CSV read as a stream (decision 070): bytes are decoded and parsed as they
 * arrive, a row at a time, so a 20 MB export never sits in memory as one string, and a file
 * that breaks a limit or is not UTF-8 stops at once with a Portuguese message, never a 500.
 */

export type CsvProgress = { bytes: number; rows: number }

class FileRefused extends Error {}

const MB = 1024 * 1024
const PROGRESS_EVERY_ROWS = 500

async function* decoded(source: AsyncIterable<Uint8Array> | string, counted: (bytes: number) => void): AsyncGenerator<string> {
	if (typeof source === 'string') {
		counted(Buffer.byteLength(source))
		yield source
		return
	}
	// fatal: a file saved as Latin-1 by a spreadsheet would otherwise import its accents as '�'.
	const decoder = new TextDecoder('utf-8', { fatal: true })
	for await (const chunk of source) {
		counted(chunk.byteLength)
		yield decoder.decode(chunk, { stream: true })
	}
	yield decoder.decode()
}

/** ';' when the header line has more of them than commas (a spreadsheet in Portuguese saves so). */
function delimiterOf(headerLine: string): ',' | ';' {
	return (headerLine.match(/;/g)?.length ?? 0) > (headerLine.match(/,/g)?.length ?? 0) ? ';' : ','
}

export async function readShopifyProductCsv(
	source: AsyncIterable<Uint8Array> | string,
	options: { onProgress?: (progress: CsvProgress) => void } = {},
): Promise<ParsedProductCsv> {
	let bytes = 0
	let rows = 0
	const texts = decoded(source, (n) => {
		bytes += n
		if (bytes > PRODUCT_CSV_MAX_BYTES) throw new FileRefused(`O arquivo é grande demais (máximo ${PRODUCT_CSV_MAX_BYTES / MB} MB).`)
	})
	try {
		// The header decides the delimiter: read up to its line break before parsing.
		let head = ''
		while (!/[\r\n]/.test(head)) {
			const next = await texts.next()
			if (next.done) break
			head += next.value
		}
		const headerLine = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
		let columns: string[] = []
		let builder: ProductDraftBuilder | null = null
		await pipeline(
			Readable.from(
				(async function* () {
					yield head
					yield* texts
				})(),
			),
			parse({
				bom: true,
				delimiter: delimiterOf(headerLine),
				columns: (names: string[]) => (columns = names.map(canonicalColumn)),
				skip_empty_lines: true,
				relax_column_count: true,
			}),
			async (records: AsyncIterable<Record<string, string>>) => {
				for await (const record of records) {
					if (!builder) {
						if (!columns.includes('Handle') && !columns.includes('Title'))
							throw new FileRefused("As colunas 'Handle' e 'Title' não foram encontradas. Use o CSV de produtos exportado do Shopify.")
						builder = new ProductDraftBuilder(columns.includes('Variant Inventory Tracker'))
					}
					rows += 1
					if (rows > PRODUCT_CSV_MAX_ROWS) throw new FileRefused(`O arquivo tem linhas demais (máximo ${PRODUCT_CSV_MAX_ROWS}).`)
					builder.add(record, rows + 1) // the header is line 1, as a spreadsheet numbers it
					if (rows % PROGRESS_EVERY_ROWS === 0) options.onProgress?.({ bytes, rows })
				}
			},
		)
		options.onProgress?.({ bytes, rows })
		if (!builder) return { ok: false, message: 'O arquivo não tem nenhum produto.' }
		return { ok: true, rows, ...(builder as ProductDraftBuilder).finish() }
	} catch (error) {
		return { ok: false, message: refusal(error, rows) }
	}
}

function refusal(error: unknown, rows: number): string {
	if (error instanceof FileRefused) return error.message
	if ((error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA')
		return "O arquivo não está em UTF-8. No Excel, salve como 'CSV UTF-8 (delimitado por vírgulas)'; o Shopify já exporta assim."
	const code = (error as { code?: string }).code
	if (typeof code === 'string' && code.startsWith('CSV_'))
		return `Não foi possível ler o arquivo perto da linha ${rows + 2}: aspas ou colunas fora do formato CSV. Envie o CSV de produtos exportado do Shopify.`
	throw error
}

/** The whole text at once (tests, and files already in memory). */
export function parseShopifyProductCsv(text: string): Promise<ParsedProductCsv> {
	return readShopifyProductCsv(text)
}
