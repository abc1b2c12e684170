// What routes and components may import (safe in the browser bundle): the provider-neutral
// types and errors. The provider itself comes from ~/commerce/index.server (getCommerce).
export * from './errors'
export type { CommerceProvider, ListProductsOptions } from './provider'
export * from './types'
