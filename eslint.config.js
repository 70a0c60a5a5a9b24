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
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
];

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
        { enforceBuildableLibDependency: false, allow: ['@ferry/gateway', '@ferry/geo', '@ferry/identity', '@ferry/mail', '@ferry/notifications', '@ferry/storage-credentials', '@ferry/transfers'], depConstraints },
      ],
    },
  },
];
