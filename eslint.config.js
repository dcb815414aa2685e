// Flat config. The layer boundaries of docs/architecture.md §2.2 are enforced here, not by memory:
// the pure layers (detector, import) cannot reach the worker, state, UI, React or zustand,
// and only src/state may import zustand.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const uiLayers = ['**/worker/**', '**/state/**', '**/ui/**', '**/cli/**'];
const frameworks = ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', '@tanstack/*'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Transcript content is text: never build markup from it.',
        },
      ],
    },
  },
  {
    files: ['src/detector/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...uiLayers, '**/import/**', ...frameworks] },
      ],
    },
  },
  {
    files: ['src/import/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...uiLayers, ...frameworks] }],
    },
  },
  {
    files: ['src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/state/**', '**/ui/**', '**/cli/**', ...frameworks] },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'zustand',
            'zustand/*',
            '**/detector/replay*',
            '**/import/index*',
            '**/cli/**',
          ],
        },
      ],
    },
  },
);
