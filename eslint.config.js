// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Layer boundaries (DESIGN.md §3), checked by lint rather than by eye. Tests may cross them.
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**', '**/test/**'];
const NO_HTTP_OR_SOCKETS = {
  group: [
    'fastify',
    '@fastify/*',
    'socket.io',
    'socket.io-client',
    '**/routes/*',
    '**/plugins/*',
    '**/realtime/*',
  ],
  message:
    'Rules and storage know nothing of HTTP or sockets (DESIGN.md §3): return data, throw domain errors.',
};
const PURE_ENGINE = {
  group: [
    'better-sqlite3',
    'kysely',
    '**/db/*',
    '**/repositories/*',
    '**/services/*',
    'node:fs',
    'node:worker_threads',
  ],
  message: 'The judging engine is pure (DESIGN.md §3): plain snapshots in, decisions out.',
};
const STORAGE_BELOW_RULES = {
  group: ['**/services/*'],
  message: 'Repositories hold SQL only; the rules call them, never the other way round (DESIGN.md §3).',
};
const REPOSITORIES_ABOVE_ENGINES = {
  group: ['**/db/*', '!**/db/database*', '!**/db/schema*', 'better-sqlite3', 'pg'],
  message:
    'Repositories see storage through db/database.ts and the row types of db/schema.ts (db/README.md): the same queries on both engines, no engine of their own.',
};
const SERVER_UTIL_AT_THE_BOTTOM = {
  regex: '^\\.\\./',
  message:
    'util/ holds generic helpers with no domain (docs/ARCHITECTURE.md): it imports no other folder of the server.',
};
const ROUTES_ABOVE_STORAGE = {
  group: ['**/repositories/*', '**/db/*', 'kysely', 'better-sqlite3'],
  allowTypeImports: true,
  message: 'Route handlers stay thin: one service call, no SQL (DESIGN.md §3).',
};
const HTTP_ABOVE_STORAGE = {
  group: ['**/repositories/*', '**/db/*', '!**/db/failures*', 'kysely', 'better-sqlite3', 'pg'],
  allowTypeImports: true,
  message:
    'Plugins and realtime are HTTP and socket plumbing above the rules: they call services, never storage (DESIGN.md §3); storage failures come through db/failures.ts.',
};
const NO_PAGES = {
  group: ['**/pages/*', '**/pages/**'],
  message: 'Shared web code does not reach into a page (DESIGN.md §2): move what both need down.',
};
// A portal's web code lives together (DESIGN.md §6); `folder` matches an import of that folder.
const PORTALS = {
  judge: { files: ['apps/web/src/judge/**'], folder: ['**/judge', '**/judge/**'] },
  expo: { files: ['apps/web/src/expo/**'], folder: ['**/expo', '**/expo/**'] },
  public: { files: ['apps/web/src/public/**'], folder: ['**/public', '**/public/**'] },
  admin: { files: ['apps/web/src/admin/**'], folder: ['**/admin', '**/admin/**'] },
  team: { files: ['apps/web/src/team/**'], folder: ['**/team', '**/team/**'] },
};
const NO_PORTALS = {
  group: Object.values(PORTALS).flatMap((portal) => portal.folder),
  message: 'Shared web code does not reach into a portal (DESIGN.md §6): move what both need down.',
};
/** @param {string} name */
const NO_OTHER_PORTAL = (name) => ({
  group: Object.entries(PORTALS).flatMap(([other, portal]) => (other === name ? [] : portal.folder)),
  message:
    "A portal never imports another portal's code (DESIGN.md §6): move what both need to a shared folder.",
});
// The web's shared folders, lowest first (DESIGN.md §6, docs/ARCHITECTURE.md): each imports only
// the folders below it; folders of one level are peers and import neither of each other. Portals
// and the app (router, main, pages/) sit on top.
const WEB_LAYERS = [
  ['util'],
  ['auth'],
  ['api'],
  ['stores', 'pwa'],
  ['queries', 'realtime'],
  ['hooks'],
  ['components'],
];
/** @param {number} level */
const NO_HIGHER_LAYER = (level) => {
  const below = WEB_LAYERS.slice(0, level).flat();
  return {
    group: WEB_LAYERS.slice(level)
      .flat()
      .flatMap((folder) => [`**/${folder}`, `**/${folder}/**`]),
    message: `Web arrows point down (docs/ARCHITECTURE.md): ${WEB_LAYERS[level].join(' and ')} may import ${
      below.length > 0 ? `only ${below.join(', ')}` : 'no other shared folder'
    }; move the code to the right layer.`,
  };
};
// Inside a portal, what holds its state and rules never imports its screens: a file of one of
// these folders reaches, one folder up, only another of them (not components/, pages/ or a
// screen's folder such as admin/dashboard/).
const PORTAL_BELOW_UI = ['logic', 'device', 'api', 'stores', 'queries', 'hooks'];
const NO_PORTAL_UI = {
  regex: `^\\.\\./(?!(${PORTAL_BELOW_UI.join('|')})/)[^./]`,
  message:
    "A portal's state and rules do not import its screens (docs/ARCHITECTURE.md): move what they need down.",
};
const ONE_SOCKET_MODULE = {
  group: ['socket.io-client'],
  message: 'realtime/connection.ts owns the socket (DESIGN.md §2): subscribe through realtime/.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/.turbo/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Storage is asynchronous (DESIGN.md §7): a query or service call left un-awaited would run
    // outside its transaction or lose its error.
    files: ['apps/server/src/**/*.ts'],
    languageOptions: {
      parserOptions: { project: ['apps/server/tsconfig.test.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: [
      'apps/server/src/services/**/*.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/event-copies/**/*.ts',
      'apps/server/src/event-file/**/*.ts',
      'apps/server/src/io/**/*.ts',
    ],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_HTTP_OR_SOCKETS] }] },
  },
  {
    files: ['apps/server/src/repositories/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_HTTP_OR_SOCKETS, STORAGE_BELOW_RULES, REPOSITORIES_ABOVE_ENGINES] },
      ],
    },
  },
  {
    files: ['apps/server/src/judging/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_HTTP_OR_SOCKETS, PURE_ENGINE] }] },
  },
  {
    files: ['apps/server/src/util/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_HTTP_OR_SOCKETS, SERVER_UTIL_AT_THE_BOTTOM] }],
    },
  },
  {
    files: ['apps/server/src/routes/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [ROUTES_ABOVE_STORAGE] }] },
  },
  {
    files: ['apps/server/src/plugins/**/*.ts', 'apps/server/src/realtime/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [HTTP_ABOVE_STORAGE] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'apps/web/src/realtime/connection.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ONE_SOCKET_MODULE] }] },
  },
  ...WEB_LAYERS.map((folders, level) => ({
    files: folders.map((folder) => `apps/web/src/${folder}/**/*.{ts,tsx}`),
    ignores: [...TESTS, 'apps/web/src/realtime/connection.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [ONE_SOCKET_MODULE, NO_PAGES, NO_PORTALS, NO_HIGHER_LAYER(level)] },
      ],
    },
  })),
  {
    files: ['apps/web/src/realtime/connection.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_PAGES,
            NO_PORTALS,
            NO_HIGHER_LAYER(WEB_LAYERS.findIndex((folders) => folders.includes('realtime'))),
          ],
        },
      ],
    },
  },
  ...Object.entries(PORTALS).map(([name, portal]) => ({
    files: portal.files,
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [ONE_SOCKET_MODULE, NO_OTHER_PORTAL(name)] }],
    },
  })),
  ...Object.keys(PORTALS).map((name) => ({
    files: PORTAL_BELOW_UI.map((folder) => `apps/web/src/${name}/${folder}/**/*.{ts,tsx}`),
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [ONE_SOCKET_MODULE, NO_OTHER_PORTAL(name), NO_PORTAL_UI] },
      ],
    },
  })),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'apps/web/src/api/client.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Components never call fetch: use api/client.ts (DESIGN.md §3).' },
      ],
    },
  },
);
