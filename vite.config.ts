import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { moduleSizes } from './scripts/vite-module-sizes'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), moduleSizes()],
	build: { target: 'es2022' },
	ssr: {
		// PGlite ships wasm + data files that must stay on disk next to the package.
		external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer'],
	},
})
