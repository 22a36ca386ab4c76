// Lint for the whole tree: typescript-eslint's type-aware recommended rules, React's hooks rules and
// jsx-a11y for the web app; Prettier owns layout (eslint-config-prettier turns off what it decides).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/build/**',
      'web/.cache/**',
      'tests/api/typed-client/generated/**',
      '.tmp/**',
      '.cache/**',
      'data/**',
      'backups/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // The root's vitest.config.ts sits outside the tsconfigs' include lists.
          allowDefaultProject: ['*.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An async function without await still promises: Fastify handlers and hooks, adapters that
      // implement async interfaces and test callbacks stay async so a throw becomes a rejection.
      '@typescript-eslint/require-await': 'off',
      // A leading underscore marks a name kept on purpose: a callback's unused parameter, a value
      // taken out of an object or array so that the rest goes on without it.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read JSON answers (fetch, inject, websocket frames) as `any` and assert on their fields:
    // a wrong guess fails the assertion, and the API tests validate every answer against the served
    // OpenAPI document besides.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}', '**/test-support.ts', 'shared/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Plain JavaScript (scripts, k8s generator) is in no tsconfig, so type-aware rules cannot run on it.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    rules: {
      // Three of the hooks plugin's rules judge components by what the React Compiler could memoize;
      // the app runs React 18 without it, and what they flag is deliberate here: state reset from an
      // effect when the route's data changes, latest-value refs written during render for stable
      // callbacks, the clock read while rendering relative times. rules-of-hooks and
      // exhaustive-deps, and the plugin's other rules, stay on.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/purity': 'off',
      // Remix loaders and actions stop by throwing a Response (`throw redirect(...)`, `throw data(...)`):
      // the framework answers it, so those are allowed beside Errors.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: '@remix-run/server-runtime', name: 'TypedResponse' },
            { from: 'package', package: '@remix-run/router', name: 'UNSAFE_DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['web/app/**/*.tsx'],
    rules: {
      // Our form controls are components (Input, Textarea), and a label's text can sit three levels
      // down (label > span > span > text): tell the rule both, or it cannot see either.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['Input', 'Textarea', 'Select'], depth: 4 }],
    },
  },
  prettier,
);
