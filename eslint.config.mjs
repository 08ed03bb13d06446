import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

/**
 * The runtime arrows of the architecture (design/architecture.md), enforced per folder:
 * shared imports nothing but zod (an allow-list); electron only in src/main/electron and the files
 * listed; hub never electron or renderer; renderer never electron,
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
/** The hub's areas and its top-level files: what src/hub/kernel must not import. */
const hubAreas = ['alarms', 'approvals', 'auth', 'authority', 'dashboards', 'datahub', 'http', 'licence', 'logs', 'metrics', 'ops', 'platform', 'promotion', 'runtime', 'store', 'threads', 'workbooks',
  'access', 'app', 'cli', 'config', 'retention', 'routes', 'server', 'version']

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
    // An allow-list: a package is refused unless named here (relative imports stay inside
    // src/shared by the folder patterns). Its tests may use vitest too.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...noFolders('hub', 'main', 'preload', 'renderer'),
          { regex: '^(?!\\.|zod$|zod/)', message: 'src/shared imports nothing but zod (and its own files).' }],
      }],
    },
  },
  {
    files: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...noFolders('hub', 'main', 'preload', 'renderer'),
          { regex: '^(?!\\.|zod$|zod/|vitest$)', message: 'src/shared tests import zod, vitest and shared files only.' }],
      }],
    },
  },
  {
    // Electron at run time only in its own folder and the files that must: the composition
    // root, the application menu's installation and the preload bridge. Types may be imported
    // anywhere in main (they are gone at run time).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/main/electron/**', 'src/main/index.ts', 'src/main/menu/install.ts', 'src/preload/index.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: ['electron', 'electron/*', 'electron-store', 'electron-updater'], allowTypeImports: true, message: 'Electron is used in src/main/electron (and the few files listed in eslint.config.mjs) only.' }],
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
    // The kernel is what every hub area uses (secrets, outbound HTTP, XML, mail, refusals, events):
    // it imports no area, so an area can be read and tested with the kernel alone (issue 34).
    // It may use shared, the locales and text/keyedText (a leaf that imports only those).
    files: ['src/hub/kernel/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...noElectron, ...noFolders('main', 'preload', 'renderer'),
          { group: hubAreas.flatMap((a) => [`../${a}`, `../${a}/**`, `../../${a}`, `../../${a}/**`, `../../../${a}/**`]), message: 'src/hub/kernel imports no area of the hub: an area that reacts to the kernel subscribes to its events.' }],
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
