import { z } from 'zod'
import { isSafeText, SAFE_TEXT_MESSAGE } from './safe-text'

/**
 * `z.string()` for text from outside: the same string schema (chain .trim(), .min(), .max()
 * on it), refusing control characters and lone surrogates with a Portuguese message
 * (safe-text.ts says which). Every schema field holding user text uses it instead of
 * `z.string()`, so that such text never reaches the database or a log line.
 */
export function userText(params?: Parameters<typeof z.string>[0]) {
	return z.string(params).refine(isSafeText, SAFE_TEXT_MESSAGE)
}
