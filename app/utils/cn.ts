import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names and lets later Tailwind utilities override earlier ones (e.g. a caller's `px-2` over a default `px-4`). */
export function cn(...inputs: ClassValue[]) {
	return twMerge(clsx(inputs))
}
