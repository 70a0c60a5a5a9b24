import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries are the architecture's rules made executable:
 * an app never imports another app, contracts depend on zod only,
 * and nothing server-only reaches the web app.
 */
const depConstraints = [
  // vitest only for the lib's own tests and their config
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [], allowedExternalImports: ['zod', 'vitest', 'vitest/config'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts'] },
  { sourceTag: 'type:launcher', onlyDependOnLibsWithTags: ['type:app', 'type:lib', 'type:contracts'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', 'type:testing'] },
  // Benchmarks drive the services in-process and use the test helpers.
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:app', 'type:lib', 'type:contracts', 'type:testing'] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', 'type:testing'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
];

/** Tests (and test helpers) may use libs/testing as well; production code may not. */
const testDepConstraints = depConstraints.map((constraint) =>
  constraint.onlyDependOnLibsWithTags && constraint.sourceTag.startsWith('type:') && !constraint.onlyDependOnLibsWithTags.includes('type:testing') && constraint.sourceTag !== 'type:contracts'
    ? { ...constraint, onlyDependOnLibsWithTags: [...constraint.onlyDependOnLibsWithTags, 'type:testing'] }
    : constraint,
);
const TEST_FILES = ['**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx', '**/testing/**/*.ts', '**/testing.ts', '**/vitest.config.ts'];
const LAUNCHED_APPS = ['@ferry/billing', '@ferry/gateway', '@ferry/geo', '@ferry/identity', '@ferry/mail', '@ferry/notifications', '@ferry/storage-credentials', '@ferry/transfers'];

export default [
  { ignores: ['**/dist', '**/node_modules', '**/.data', '**/test-output', '**/vite.config.*.timestamp*'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Use named exports (no export *).' },
      ],
    },
  },
  {
    // The single-process launcher is the one project that may start the service apps in-process.
    files: ['apps/all-in-one/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: LAUNCHED_APPS, depConstraints },
      ],
    },
  },
  {
    // Benchmarks start the services they measure in-process, like the launcher.
    files: ['tools/bench/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: LAUNCHED_APPS, depConstraints }],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints: testDepConstraints }],
    },
  },
  {
    files: TEST_FILES.map((pattern) => `apps/all-in-one/${pattern}`),
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: LAUNCHED_APPS, depConstraints: testDepConstraints }],
    },
  },
];
