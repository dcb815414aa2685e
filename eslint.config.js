// Flat config. The layers' one direction (docs/architecture.md §2) is enforced here as an
// allowlist: each folder of src/ names the folders it may import from, and every other layer
// folder is refused. Only src/state imports zustand; the UI reaches the worker only through
// its clients and protocols.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const LAYERS = [
  'json',
  'detector',
  'zoo',
  'report',
  'import',
  'pipeline',
  'worker',
  'state',
  'ui',
  'cli',
];
/** Each layer and the layers it may import from (its own folder is always allowed). */
const ALLOWED = {
  json: [],
  detector: ['json'],
  zoo: ['json', 'detector'],
  report: ['json', 'detector', 'zoo'],
  import: ['json', 'detector'],
  pipeline: ['json', 'detector', 'zoo', 'import'],
  worker: ['json', 'detector', 'zoo', 'report', 'import', 'pipeline'],
  state: ['json', 'detector', 'zoo', 'report', 'import', 'worker'],
  ui: ['json', 'detector', 'zoo', 'report', 'import', 'state', 'worker'],
  cli: ['json', 'detector', 'zoo', 'report', 'import', 'pipeline'],
};
const frameworks = ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', '@tanstack/*'];
const refused = (layer) =>
  LAYERS.filter((l) => l !== layer && !ALLOWED[layer].includes(l)).map((l) => `**/${l}/**`);
/** What the UI may take from the worker: its clients and protocols, never its handlers. */
const uiWorker = [
  '**/worker/*',
  '!**/worker/client',
  '!**/worker/clientSupport',
  '!**/worker/protocol',
  '!**/worker/zoo',
  '!**/worker/corpus',
  '**/worker/zoo/*',
  '**/worker/corpus/*',
  '!**/worker/zoo/client',
  '!**/worker/zoo/protocol',
  '!**/worker/corpus/client',
  '!**/worker/corpus/protocol',
];
/**
 * The page takes the lanes' words and parameters from `zoo/lanes`, never through the barrel or
 * the registry: those carry every lane's runner, which runs in the worker (types are free).
 */
const pageZoo = {
  group: ['**/zoo/index', '**/zoo/registry', '**/zoo/peers/*', '**/zoo/advisory/*'],
  allowTypeImports: true,
  message: 'The page reads the lanes from zoo/lanes; the runners belong to the worker.',
};
const pure = ['json', 'detector', 'zoo', 'report', 'import', 'pipeline'];
const layerRules = LAYERS.filter((l) => l !== 'ui').map((layer) => ({
  files: [`src/${layer}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              ...refused(layer),
              ...(pure.includes(layer) || layer === 'worker' || layer === 'cli'
                ? frameworks
                : frameworks.filter((f) => !f.startsWith('zustand'))),
            ],
          },
          ...(layer === 'state' ? [pageZoo] : []),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench-data/**',
      'tests/fixtures/**',
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
  ...layerRules,
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...refused('ui'),
                ...uiWorker,
                'zustand',
                'zustand/*',
                '**/detector/replay*',
                // The format list reaches the page through the worker's protocol.
                '**/import/*',
              ],
            },
            pageZoo,
            {
              group: ['**/state/appStore'],
              importNames: ['useApp', 'appStore'],
              message: 'Components read the store through its named hooks and call its actions.',
            },
          ],
        },
      ],
    },
  },
);
