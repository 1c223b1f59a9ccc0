// ESLint: TypeScript rules, import order and boundaries, consistent type imports, accessibility
// (jsx-a11y), React hooks, and no literal UI strings in the SPA (every visible text comes from
// locales/). Generated *.gen.ts files are never linted; they are checked for drift instead.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/app/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'src/app/api/*.gen.ts', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.cjs'] } },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-duplicates': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.gen', '**/*.gen.ts'],
              importNames: ['default'],
              message: 'Generated APIs are imported by name.',
            },
          ],
        },
      ],
    },
  },
  {
    // Code flows one way: shared → server, shared → app. Neither side imports the other.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '**/server/**'],
              message: 'src/shared depends on nothing of app or server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/**'], message: 'The server does not import the SPA.' }] },
      ],
    },
  },
  {
    // Features never import each other; shared code flows shared → app core → features.
    files: ['src/app/features/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./src/app/features/${feature}`,
            from: './src/app/features',
            except: [`./${feature}`],
            message: 'Features do not import each other; move shared code to src/app.',
          })),
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks, i18next },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // The plugin's defaults, plus attributes that are never visible text: router paths
          // (to, path) and data-* state (data-size on h1–h6 is flagged because the plugin's
          // list of DOM tags spells them "h1 to h6").
          'jsx-attributes': {
            exclude: [
              'className',
              'styleName',
              'style',
              'type',
              'key',
              'id',
              'width',
              'height',
              'to',
              'path',
              'data-.*',
            ],
          },
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use the typed hooks from app/store/hooks.',
            },
          ],
          patterns: [
            { group: ['**/server/**'], message: 'The SPA talks to the server through /api/ only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'import-x/order': 'off' },
  },
  {
    files: ['test/**', 'testcafe/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.browser } },
  },
);
