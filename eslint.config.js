import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// recommendedTypeChecked, not strictTypeChecked: most of strict's extra findings here are the `!` that
// noUncheckedIndexedAccess asks for, numbers in template strings and arrow shorthands that return void, which are
// style rather than bugs, and its further rules lengthen a run that already type-checks the whole tree.
export default defineConfig(
  // A disable comment that no longer silences anything is stale and fails the run.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  // domain/generated/ is ajv's output (scripts/generate-validators.mjs), checked against the schemas by its own test.
  globalIgnores(['dist/', 'out/', 'test-output/', 'domain/generated/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        // Each file takes its types from the first of these whose include lists it: the Node side with its tests
        // (tsconfig.lint.json), the renderer's build project, then the renderer's and the browser tests.
        project: ['./tsconfig.lint.json', './renderer/tsconfig.json', './tsconfig.lint.dom.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A leading underscore is how this code marks a parameter a signature requires but the body does not use,
      // and a rest sibling is how it drops a key from a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // An async function without await is how the hosts and fakes here meet a Promise-returning interface: a throw
      // becomes a rejection, which the callers rely on. Dropping `async` would change that.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // In tests the `any`s are vitest's asymmetric matchers (expect.stringContaining() and the like are typed `any`
    // so they fit any expected shape), JSON that the code under test printed, and documents built loosely on purpose
    // so a case can break them; a wrong member access there fails the test itself. An `any` written out in a test
    // is still reported.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // The scripts, the bin shim and this file are plain JavaScript without type annotations: the type-aware rules
    // would see `any` everywhere, so they get the syntax-only rules.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
