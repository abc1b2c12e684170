import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type GraphQLSchema, type IntrospectionQuery, buildClientSchema } from 'graphql'

/**
 * The Storefront API 2025-07 schema, as Shopify publishes it in @shopify/hydrogen-react
 * (`storefront.schema.json`, an introspection result). The query test validates against it
 * and the fake server executes against it, so both hold the provider to the real API.
 */
let schema: GraphQLSchema | undefined

export function storefrontSchema(): GraphQLSchema {
	if (schema) return schema
	const path = createRequire(import.meta.url).resolve('@shopify/hydrogen-react/storefront.schema.json')
	const json = JSON.parse(readFileSync(path, 'utf8')) as { data?: IntrospectionQuery } & Partial<IntrospectionQuery>
	schema = buildClientSchema((json.data ?? json) as IntrospectionQuery)
	return schema
}
