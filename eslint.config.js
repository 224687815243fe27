// ESLint (flat config): the TypeScript and React rules, and the layout of the code as rules
// (docs/dev-guide.md, "Layout"):
// - src/shared imports nothing from src/server or src/web; src/web never imports src/server;
// - no import cycles;
// - a server module (src/server/modules/<domain>) and a web feature (src/web/features/<feature>)
//   are used by other code only through their public entry, `index.ts` (a sub-area folder may have one
//   of its own, as features/products/search/ has for the header).
// The folder and file names themselves (one list of domains) are checked by scripts/layout.test.ts.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const layerPolicies = [
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { element: { types: { anyOf: ['server', 'module', 'web', 'feature'] } } } },
    message: 'src/shared is used by both sides: it imports nothing from src/server or src/web',
  },
  {
    from: { element: { types: { anyOf: ['web', 'feature'] } } },
    disallow: { to: { element: { types: { anyOf: ['server', 'module'] } } } },
    message: 'the web app never imports server code: share it through src/shared',
  },
];
const publicEntryPolicy = {
  disallow: {
    to: { element: { types: { anyOf: ['module', 'feature'] }, fileInternalPath: '!{index,*/index}.{ts,tsx}' } },
  },
  message:
    'use {{to.element.type}} "{{to.element.captured.name}}" through its public entry, index.ts (or a sub-area folder index.ts)',
};

// Modules are cut by business domain (scripts/layout.ts holds the list; infrastructure modules:
// mail, images, events, web, system). A domain module imports no other domain module: code that
// calls more than one lives in src/server/flows (decision 135). The infrastructure's `web` module
// (the page loaders' answers) composes domains for a page, as the web's route modules do.
const DOMAINS = '{accounts,products,cart,wishlist,checkout,orders,discounts,reviews,contact,dashboard}';
const domainPolicies = [
  {
    from: { element: { type: 'module', captured: { name: DOMAINS } } },
    disallow: { to: { element: { type: 'module', captured: { name: DOMAINS } } } },
    message:
      'module "{{from.element.captured.name}}" may not import module "{{to.element.captured.name}}": code that calls two domains is a flow (src/server/flows, decision 135)',
  },
  {
    from: { element: { type: 'module' } },
    allow: { to: { element: { type: 'module', captured: { name: '{{from.element.captured.name}}' } } } },
  },
  {
    from: { element: { types: { anyOf: ['module', 'shared', 'web', 'feature'] } } },
    disallow: { to: { element: { type: 'flow' } } },
    message: 'a module reaches a flow through ctx.flows, never by import (decision 135)',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.data*/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, boundaries },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared' },
        { type: 'module', pattern: 'src/server/modules/*', capture: ['name'] },
        { type: 'flow', pattern: 'src/server/flows' },
        { type: 'server', pattern: 'src/server' },
        { type: 'feature', pattern: 'src/web/features/*', capture: ['name'] },
        { type: 'web', pattern: 'src/web' },
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'boundaries/dependencies': [
        'error',
        { default: 'allow', policies: [...layerPolicies, ...domainPolicies, publicEntryPolicy] },
      ],
    },
  },
  {
    // Tests and their helpers may reach inside a module to set up and check its data.
    files: ['**/*.test.{ts,tsx}', 'src/server/test/**'],
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: layerPolicies }] },
  },
  {
    // The route modules (src/web/routes, decision 114) are each a page's own code chunk: they name
    // the pages' files, not their features' public entries, so a page's code stays out of other
    // pages' chunks. Layer rules still apply to them.
    files: ['src/web/routes/**', 'src/web/routes.ts', 'src/web/root.tsx'],
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: layerPolicies }] },
  },
  {
    // The rules of hooks and exhaustive dependencies. The plugin's newer React Compiler rules
    // (set-state-in-effect, refs, purity …) judge code for the React Compiler, which this app
    // does not use; they are left out rather than disabled line by line.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
