import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { architecturePlugin } from './scripts/eslint/import-direction.js';

const root = import.meta.dirname;

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/drizzle/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    plugins: { architecture: architecturePlugin },
    rules: {
      'architecture/import-direction': ['error', { root }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='it'][callee.property.name=/^(only|skip)$/], CallExpression[callee.object.name='describe'][callee.property.name=/^(only|skip)$/]",
          message: 'Focused or skipped tests do not land.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Issue 12: the learning hub's quiz answers are in this module; the browser gets modules from the API.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@tendly/domain/learning-modules', message: 'Quiz answers stay on the server: fetch learning modules from the API.' }] },
      ],
    },
  },
);
