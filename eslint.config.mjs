import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

/**
 * The runtime arrows of the architecture (design/architecture.md), enforced per folder:
 * shared imports nothing but zod; hub never electron or renderer; renderer never electron,
 * node:* or hub/main; preload only electron's bridge and shared types.
 */
const nodeBuiltins = ['fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'util', 'stream', 'events', 'worker_threads', 'zlib', 'dns', 'tls']
const noNode = [
  { group: ['node:*'], message: 'No Node APIs in this runtime.' },
  ...nodeBuiltins.map((n) => ({ group: [n, `${n}/*`], message: 'No Node APIs in this runtime.' })),
]
const noElectron = [{ group: ['electron', 'electron/*', 'electron-store', '@napi-rs/keyring*'], message: 'Electron belongs to src/main and src/preload only.' }]
const folder = (name) => [`**/${name}/**`, `../${name}/**`, `../../${name}/**`, `../../../${name}/**`, `../../../../${name}/**`]
const noFolders = (...names) => names.map((n) => ({ group: folder(n), message: `Do not import src/${n} from here.` }))

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.tmp/**', 'reports/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...noNode, ...noElectron, ...noFolders('hub', 'main', 'preload', 'renderer'),
          { group: ['react', 'react-dom', 'fastify', 'kysely', 'axios'], message: 'shared imports nothing but zod.' }],
      }],
    },
  },
  {
    files: ['src/hub/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noElectron, ...noFolders('main', 'preload', 'renderer')] }] },
  },
  {
    // The HTTP layer is what every hub area imports; it reaches licence/ and platform/ only
    // through the access policy in the hub context (src/hub/access.ts), never by import.
    // (Flat config replaces the rule per file, so the hub's own patterns are repeated.)
    files: ['src/hub/http/**/*.ts'],
    ignores: ['src/hub/http/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...noElectron, ...noFolders('main', 'preload', 'renderer'),
          { group: ['../licence', '../licence/**', '../platform', '../platform/**'], message: 'http/ gets licence and permission checks from hub.access (HubContext), not by import.' }],
      }],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: noFolders('renderer', 'preload') }] },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noNode, ...noFolders('hub', 'main', 'renderer')] }] },
  },
  {
    // Classic scripts served as they are (the login shell): browser globals, no modules.
    files: ['src/renderer/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [...noNode, ...noElectron, ...noFolders('hub', 'main', 'preload')] }],
    },
  },
)
