import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Globals of PocketBase's JSVM (hooks and migrations), see pb_data/types.d.ts. */
const JSVM_GLOBALS = [
  '__hooks',
  '$app',
  '$os',
  '$filepath',
  '$apis',
  '$security',
  '$mails',
  '$http',
  '$template',
  '$dbx',
  '$filesystem',
  'Collection',
  'Record',
  'DateTime',
  'ValidationError',
  'DynamicModel',
  'arrayOf',
  'Context',
  'TextField',
  'SelectField',
  'BoolField',
  'FileField',
  'RelationField',
  'ApiError',
  'NotFoundError',
  'BadRequestError',
  'ForbiddenError',
  'UnauthorizedError',
  'TooManyRequestsError',
  'migrate',
  'routerAdd',
  'routerUse',
  'cronAdd',
  'toString',
  'require',
  'onBootstrap',
  'onRecordCreate',
  'onRecordUpdate',
  'onRecordDelete',
  'onRecordCreateRequest',
  'onRecordUpdateRequest',
  'onRecordDeleteRequest',
  'onRecordCreateExecute',
  'onRecordUpdateExecute',
  'onRecordDeleteExecute',
  'onRecordAfterCreateSuccess',
  'onRecordAfterUpdateSuccess',
  'onRecordAfterDeleteSuccess',
  'onRecordAuthWithPasswordRequest',
  'onRecordAuthRefreshRequest',
  'onRecordAuthRequest',
  'onRecordRequestPasswordResetRequest',
  'onRecordConfirmPasswordResetRequest',
  'onRecordConfirmEmailChangeRequest',
  'onRecordsListRequest',
  'onRecordViewRequest',
  'onRecordRequestEmailChangeRequest',
  'onFileDownloadRequest',
  'onCollectionCreateExecute',
  'onCollectionUpdateExecute',
  'onCollectionDeleteExecute',
  'toBytes',
  'onMailerSend',
  'Command',
  'console',
];

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
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'src/**/*.mjs', '*.config.{js,mjs,ts}', 'tests/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // PocketBase JSVM: hooks and migrations run in goja with PocketBase's globals.
    files: ['pb_hooks/**/*.js', 'pb_migrations/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        ...globals.es2021,
        ...Object.fromEntries(JSVM_GLOBALS.map((name) => [name, 'readonly'])),
        module: 'writable',
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
