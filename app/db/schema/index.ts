// One file per domain; this barrel is what drizzle-kit and the db module read.
export * from './auth'
export * from './catalog'
export * from './store'
