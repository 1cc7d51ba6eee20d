// Lint for the whole repository; the import rules enforce the dependency direction of ARCHITECTURE §1.
const path = require('node:path');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const globals = require('globals');

const REMOTES = ['mf-battlestations', 'mf-parts', 'mf-profile', 'mf-admin'];

/** Files and folders are kebab-case (STYLE 7). */
const house = {
  rules: {
    'kebab-case-files': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const base = path.basename(context.filename).replace(/(\.d)?\.[cm]?[jt]sx?$/, '').replace(/\.(test|spec|config|module)$/, '');
        if (!/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9-]+)*$/.test(base)) {
          context.report({ loc: { line: 1, column: 0 }, message: `File name '${base}' is not kebab-case.` });
        }
        return {};
      },
    },
  },
};

/** Forbids importing the given workspaces, by package name or by a relative path into them. */
function forbid(names, message, morePatterns = []) {
  const folders = names.map((n) => (n === 'api' ? 'api/src' : n)).join('|');
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: `^@battledeck/(${names.join('|')})(/|$)`, message },
          { regex: `^(\\.\\./)+(${folders})(/|$)`, message },
          ...morePatterns,
        ],
      },
    ],
  };
}

/**
 * The shared package's entry points that are federation singletons, by folder. One reaches another by its
 * name: by a relative path, a second copy of the other's modules goes into its own chunks, and a page
 * downloads both (ADR 012). The contract stays relative: its singleton brings zod to the first paint.
 */
const SHARED_SINGLETON_DIRS = ['api', 'format', 'session', 'ui', 'widgets', 'remote'];

module.exports = tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ssr/**', 'mf-*/releases/**', '**/node_modules/**', 'data/**', '**/.tmp/**', '**/test-results/**', '**/playwright-report/**', 'api/drizzle/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { house, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'house/kebab-case-files': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  { files: ['**/*.js'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // A remote imports shared and npm packages only.
  ...REMOTES.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: forbid(['shell', 'api', ...REMOTES.filter((r) => r !== remote)], 'A remote imports only @battledeck/shared and npm packages.'),
  })),
  { files: ['shell/**/*.{ts,tsx}'], rules: forbid(['api', ...REMOTES], 'The shell reaches remotes only through the federation runtime.') },
  // npm start's launcher runs the API in the site's process (ADR 012), and npm test's starts the API's Auth
  // emulator for all its suites: the two shell files that import the API.
  { files: ['shell/server/start.ts', 'shell/server/run-tests.ts'], rules: forbid(REMOTES, 'The shell reaches remotes only through the federation runtime.') },
  { files: ['shared/**/*.{ts,tsx}'], rules: forbid(['shell', 'api', ...REMOTES], 'shared imports npm packages only.') },
  ...SHARED_SINGLETON_DIRS.map((dir) => ({
    files: [`shared/src/${dir}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: forbid(['shell', 'api', ...REMOTES], 'shared imports npm packages only.', [
      {
        regex: `^\\.\\./(${SHARED_SINGLETON_DIRS.filter((other) => other !== dir).join('|')})/(?!.*\\.css$)`,
        message: 'Another entry point of the shared package: import it as @battledeck/shared/…, so that a page downloads one copy of it.',
      },
    ]),
  })),
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@battledeck/shared/*', '!@battledeck/shared/contract'], message: 'The API imports only the contract from shared.' },
            { group: ['react', 'react-dom', 'antd', '**/shell/**', '**/mf-*/**', '**/shared/src/**'], message: 'The API imports no front-end code.' },
          ],
        },
      ],
    },
  },
  // The first paint (ADR 003): the frame, the home page and what they import load no antd, Firebase or zod.
  {
    files: [
      'shared/src/{ui,format,session,api,remote}/**/*.{ts,tsx}',
      'shell/src/{layout,home,remotes,pages}/**/*.{ts,tsx}',
      'shell/src/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['antd', 'antd/*', '@ant-design/*', 'firebase/*', 'zod', '@battledeck/shared/contract', '@battledeck/shared/widgets', '**/contract/*', '!**/contract/constants', '!**/contract/image-names', '!**/contract/list-queries', '!**/contract/html', '**/widgets/*'],
              allowTypeImports: true,
              message: 'Not on the first paint: import types only, or load it lazily (ADR 003).',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'api/test/**/*.ts'], rules: { 'no-console': 'off' } },
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ['e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
);
