import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'

/**
 * A renamed product's old handle (issue 11): the product's current handle, or null. The
 * product page answers 301 to it, so shared links and search engines follow the rename.
 */
export async function currentHandleFor(oldHandle: string): Promise<string | null> {
	const [row] = await queryRows<{ handle: string }>(sql`select p.handle from product_handle_redirects r
		join products p on p.id = r.product_id where r.handle = ${oldHandle} and p.status = 'active'`)
	return row?.handle ?? null
}
