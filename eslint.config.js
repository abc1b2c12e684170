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
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			// Server-only code must not leak into the browser bundle.
			'no-restricted-imports': [
				'error',
				{ patterns: [{ group: ['node:*'], message: 'Use node: modules only in *.server.ts files.' }] },
			],
		},
	},
	{
		files: ['**/*.server.ts', '**/*.server.tsx', 'server/**', 'scripts/**', 'tests/**', '**/*.test.ts', '**/*.test.tsx', 'app/entry.server.tsx', '*.config.ts'],
		rules: { 'no-restricted-imports': 'off' },
	},
)
