// ESLint: TypeScript rules, import order and boundaries, consistent type imports, accessibility
// (jsx-a11y), React hooks, and no literal UI strings in the SPA (every visible text comes from
// locales/). Generated *.gen.ts files are never linted; they are checked for drift instead.
//
// The SPA's layers (src/app), lowest first. A layer imports only from the layers below it (and
// src/shared); `import-x/no-restricted-paths` below enforces each arrow, `import-x/no-cycle`
// (and `npm run check:cycles -- src/app`) that there is no import circle at all.
//
//   api/        the contract's client: baseApi, generated <tag>.gen.ts, hand-written <tag>.ts
//               (cache tags, hooks in use), problem.ts (the one reader of problem+json).
//               Only api/*.ts imports *.gen.ts.
//   lib/        framework-free helpers and browser services: i18n, format, theme, analytics,
//               consent. No store, no React components.
//   session/    the session's slices and sagas (user, account, subscription, title, spinner,
//               session, navigation guard sequence), access rules and the Guard type, the one
//               subscription reload. No React.
//   flows/      multi-page flows, one folder each, with saga, slice and storage: order (buying
//               and invoice payment), payment-method, connect. A flow does not import another.
//               Naming: "order" is the domain object everywhere (contract `Order`, /api/order/,
//               the server's domain/orders, flows/order/); "purchase" names only the reader's act
//               of paying in the SPA: the purchase saga/slice (one attempt, which creates an
//               order or pays an invoice through one), features/purchase/ and its catalogue.
//   store/      the one store: root reducer and root saga assembled from session/ and flows/,
//               and the typed hooks. (Above flows/ because it assembles them.)
//   ui/         the presentational kit on Designsystemet classes: Screen, HomeLink, Facts,
//               Progress, Notice, PaymentMethodChoice, PayButton, OfferCard, Spinner, StepHeading,
//               PaymentMethodText, ContactDetails, form fields (ui/form).
//               Props in, markup out: no store, session, flows or hooks.
//   hooks/      React hooks over the store and API (subscription reload, back-from-payment,
//               account profile form, dates in the reader's language). May use ui/.
//   features/   the screens of one area each, lazy per route. Never import each other: a piece
//               two features need moves down into ui/, hooks/ or a flow.
//   layout/     the page shell (header, footer, page spinner, consent dialog, title effects).
//   routing/    the route table (lazy screens, guards) and the router.
//   App.tsx, main.tsx   the composition root.
//
// The server (src/server) has two boundaries, enforced the same way:
//   domain/     the rules and the SQL of each area (each table has one owner: db/owners.ts). It
//               knows nothing of HTTP: no http/, handlers/ or plugins/. A type or helper both
//               need lives in domain/ (or below it), and http/ imports it from there.
//   handlers/   the contract's operations: read the request, call the domain, answer. They run no
//               SQL: nothing from db/ (the connection, composed reads); a query, or a composition
//               of reads, is a function of the domain module that owns the table.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersOf = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = foldersOf('./src/app/features');
const flows = foldersOf('./src/app/flows');

// The layers of src/app, lowest first (see the top of this file); peers share a rank.
const layers = [
  ['api', 0],
  ['lib', 1],
  ['session', 2],
  ['flows', 3],
  ['store', 4],
  ['ui', 5],
  ['hooks', 5],
  ['features', 6],
  ['layout', 7],
  ['routing', 7],
];
const root = ['./src/app/App.tsx', './src/app/main.tsx'];
const app = (folder) => `./src/app/${folder}`;

/** Each layer may not import a layer above it or a peer (hooks may use ui). */
const layerZones = layers.map(([folder, rank]) => ({
  target: app(folder),
  from: [
    ...layers
      .filter(([other, otherRank]) => other !== folder && otherRank >= rank)
      .filter(([other]) => !(folder === 'hooks' && other === 'ui'))
      .map(([other]) => app(other)),
    ...root,
  ],
  message: `src/app/${folder} imports only from the layers below it (eslint.config.js, top).`,
}));

/** The presentational kit takes props only: no store, session, flows or hooks below or beside it. */
const uiZone = {
  target: app('ui'),
  from: ['session', 'flows', 'store', 'hooks'].map(app),
  message: 'ui/ is presentational: data comes in as props (no store, session, flows or hooks).',
};

/** Siblings that do not import each other: the features, and the flows. */
const siblingZones = (parent, names, message) =>
  names.map((name) => ({
    target: `./src/app/${parent}/${name}`,
    from: `./src/app/${parent}`,
    except: [`./${name}`],
    message,
  }));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'src/app/api/*.gen.ts',
      'src/server/http/*.gen.ts',
      '.tmp',
    ],
  },
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
      // Replaces the global entry's options, so its pattern is repeated here.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'The server does not import the SPA.' },
            {
              group: ['**/*.gen', '**/*.gen.ts'],
              importNames: ['default'],
              message: 'Generated APIs are imported by name.',
            },
          ],
        },
      ],
      // The server's boundaries (see the top of this file). One entry for all of src/server: a
      // later block setting this rule for server files would replace these zones.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/server/domain',
              from: ['./src/server/http', './src/server/handlers', './src/server/plugins'],
              message:
                'The domain knows nothing of HTTP: move the piece it needs down into domain/ (eslint.config.js, top).',
            },
            {
              target: './src/server/handlers',
              from: './src/server/db',
              message:
                'Handlers run no SQL: call the domain module that owns the table (db/owners.ts).',
            },
          ],
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
          // (to, path), ARIA roles, the ui kit's colour names, heading ids and element names
          // (ui/Screen's headingId and as) and data-* state (data-size on h1–h6 is flagged
          // because the plugin's list of DOM tags spells them "h1 to h6").
          'jsx-attributes': {
            exclude: [
              'className',
              'styleName',
              'style',
              'type',
              'key',
              'id',
              'headingId',
              'as',
              'width',
              'height',
              'to',
              'path',
              'role',
              'color',
              'data-.*',
            ],
          },
        },
      ],
      // One rule entry per rule for all of src/app: a later block with the same rule would
      // replace these options, not add to them (check with `eslint --print-config <file>`).
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
            {
              group: ['**/*.gen', '**/*.gen.ts'],
              importNames: ['default'],
              message: 'Generated APIs are imported by name.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              // Only the hand-written api/<tag>.ts next to a generated file imports it.
              target: './src/app',
              from: './src/app/api/*.gen.ts',
              except: [],
              message: 'Import the hand-written api/<tag>.ts, not the generated <tag>.gen.ts.',
            },
            ...layerZones,
            uiZone,
            ...siblingZones(
              'features',
              features,
              'Features do not import each other; move shared code down into ui/, hooks/ or a flow.',
            ),
            ...siblingZones('flows', flows, 'A flow does not import another flow.'),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { maxDepth: Infinity }],
    },
  },
  {
    // The generated files' siblings: api/<tag>.ts enhances and re-exports <tag>.gen.ts.
    files: ['src/app/api/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: layerZones.filter((zone) => zone.target === app('api')),
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
