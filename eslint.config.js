import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.cache/', 'node_modules/', 'pb_data/', 'server/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**/*.mjs', 'src/**/*.mjs', '*.config.{js,mjs,ts}', 'tests/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // PocketBase JSVM: hooks and migrations run in goja with PocketBase's globals.
    files: ['pb_hooks/**/*.js', 'pb_migrations/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        ...globals.es2021,
        __hooks: 'readonly',
        $app: 'readonly',
        $os: 'readonly',
        $filepath: 'readonly',
        $apis: 'readonly',
        $security: 'readonly',
        $mails: 'readonly',
        $http: 'readonly',
        $template: 'readonly',
        Collection: 'readonly',
        Record: 'readonly',
        NotFoundError: 'readonly',
        BadRequestError: 'readonly',
        ForbiddenError: 'readonly',
        UnauthorizedError: 'readonly',
        TooManyRequestsError: 'readonly',
        migrate: 'readonly',
        routerAdd: 'readonly',
        routerUse: 'readonly',
        cronAdd: 'readonly',
        toString: 'readonly',
        require: 'readonly',
        module: 'writable',
        onRecordCreateRequest: 'readonly',
        onRecordUpdateRequest: 'readonly',
        onRecordDeleteRequest: 'readonly',
        onRecordAfterCreateSuccess: 'readonly',
        onRecordAfterUpdateSuccess: 'readonly',
        onRecordAfterDeleteSuccess: 'readonly',
        onBootstrap: 'readonly',
        onServe: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // The reference line gives editors PocketBase's generated JSVM types.
      '@typescript-eslint/triple-slash-reference': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }],
    },
  },
);
