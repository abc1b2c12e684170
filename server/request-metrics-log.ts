import type { NextFunction, Request, Response } from 'express'
import { measureRequest } from '~/server/request-metrics.server'

/**
 * REQUEST_METRICS=on (issue 14, for `npm run bench`): each request runs with a query counter,
 * and when its response has finished one line goes to stdout — the page's database queries and
 * the milliseconds it took, rendering included, and the process's CPU milliseconds meanwhile
 * (`cpuMs`: the page's own work when requests come one at a time, as in the bench's warm-up;
 * far less sensitive than `ms` to other processes on a shared machine). Not a log for running
 * shops: off by default.
 */
export function requestMetricsLog(req: Request, res: Response, next: NextFunction) {
	const started = process.hrtime.bigint()
	const cpuStarted = process.cpuUsage()
	measureRequest((metrics) => {
		res.on('finish', () => {
			const ms = Number(process.hrtime.bigint() - started) / 1e6
			const cpu = process.cpuUsage(cpuStarted)
			const cpuMs = (cpu.user + cpu.system) / 1000
			const line = {
				method: req.method,
				path: req.path,
				status: res.statusCode,
				queries: metrics.queries,
				ms: Math.round(ms * 10) / 10,
				cpuMs: Math.round(cpuMs * 10) / 10,
			}
			process.stdout.write(`request-metrics ${JSON.stringify(line)}\n`)
		})
		next()
	})
}
