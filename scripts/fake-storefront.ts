/**
 * `npx tsx scripts/fake-storefront.ts [porta]`: the fake Storefront API (tests/support/fake-storefront)
 * with the demo catalogue, for trying COMMERCE_PROVIDER=storefront without a Shopify store
 * (decision 046). Prints the variables to start the shop with; Ctrl+C stops it.
 */
import { demoCatalogue } from '../tests/support/fake-storefront/catalogue'
import { startFakeStorefront } from '../tests/support/fake-storefront/server'
import { DEMO_COLLECTIONS, buildDemoCatalogue } from '~/server/seed/catalogue'
import { createRandom } from '~/server/seed/prng'
import { DEMO_RANDOM_SEED } from '~/server/seed/seed.server'

const port = Number(process.argv[2] ?? 0)
const fake = await startFakeStorefront(demoCatalogue(buildDemoCatalogue(createRandom(DEMO_RANDOM_SEED)), DEMO_COLLECTIONS), { port })
console.log(`Loja Shopify de mentira em ${fake.url} (${fake.catalogue.products.length} produtos). Inicie a loja com:`)
console.log(`COMMERCE_PROVIDER=storefront STOREFRONT_API_URL=${fake.url} STOREFRONT_TOKEN=${fake.token} npm start`)
const stop = () => void fake.stop().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
