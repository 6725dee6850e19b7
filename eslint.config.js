import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import webLayers from './apps/web/eslint-layers.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/storybook-static/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // the domain is framework-free: no React, no DOM, no fetch (see docs/architecture.md)
    files: ['libs/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', '@relevo/*', 'ofetch', 'fastify', 'kysely'] },
      ],
      'no-restricted-globals': ['error', 'fetch', 'document', 'window', 'localStorage'],
    },
  },
  {
    // the web app's layers: a feature imports no other feature, shell/ and calls/ import no
    // feature (docs/architecture.md, "The web app's layers")
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-layers': webLayers },
    rules: { 'web-layers/layers': 'error' },
  },
  {
    // ui components are presentational: no domain or api imports
    files: ['libs/ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@relevo/domain', '@relevo/api', 'xstate', '@xstate/*'] }],
    },
  },
);
