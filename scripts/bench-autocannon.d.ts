// The little of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
	type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number } & Record<
		'p2_5' | 'p50' | 'p75' | 'p90' | 'p97_5' | 'p99' | 'p99_9',
		number
	>
	export type Result = {
		url: string
		duration: number
		requests: Histogram
		latency: Histogram
		throughput: Histogram
		errors: number
		timeouts: number
		non2xx: number
		'2xx': number
	}
	export type Options = {
		url: string
		connections?: number
		duration?: number
		pipelining?: number
		headers?: Record<string, string>
		timeout?: number
	}
	export default function autocannon(options: Options): Promise<Result>
}
