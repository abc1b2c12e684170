import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{ ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', 'drizzle/**', 'coverage/**'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js,mjs}'],
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			// Server-only code must not leak into the browser bundle.
			'no-restricted-imports': [
				'error',
				{
					patterns: [{ group: ['node:*'], message: 'Use node: modules only in *.server.ts files.' }],
					// Icons come from the sprite (decision 147): lucide-react's components carry their paths in the JavaScript.
					paths: [
						{ name: 'lucide-react', message: "Importe de '~/components/icons/lucide' e rode npx tsx scripts/icon-sprite.ts." },
						// The button's and the badge's variants without it (decision 148): its code was in every page's first load.
						{ name: 'class-variance-authority', message: "Use variants() de '~/components/ui/variants'." },
					],
				},
			],
		},
	},
	{
		// The rules of hooks, and the React Compiler's checks that come with them, only where components
		// and hooks live: the compiler analyses every function of every file it is given, which was 78%
		// of the lint's minute when server code, scripts and tests were fed to it (decision 074's budget).
		files: ['app/**/*.{ts,tsx}'],
		ignores: ['app/**/*.server.ts', 'app/**/*.server.tsx', 'app/**/*.test.ts'],
		plugins: { 'react-hooks': reactHooks },
		rules: reactHooks.configs.recommended.rules,
	},
	{
		files: ['**/*.server.ts', '**/*.server.tsx', 'server/**', 'scripts/**', 'tests/**', '**/*.test.ts', '**/*.test.tsx', 'app/entry.server.tsx', '*.config.ts'],
		rules: { 'no-restricted-imports': 'off' },
	},
)
