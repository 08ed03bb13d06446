#!/usr/bin/env node
/**
 * Before `npm start`: a better-sqlite3 binary for Electron's ABI in .electron-native/, beside the
 * Node build in node_modules that the tests and `npm run hub` use (stack.md: one node_modules
 * cannot hold both). The main process points the embedded hub at it (src/main/nativeBinding.ts).
 *
 * Built in a scratch copy of the module with @electron/rebuild, which downloads Electron's headers
 * or a prebuilt binary: it needs internet once, and is skipped when the binary is already there.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const target = join(root, '.electron-native', 'better_sqlite3.node')
if (existsSync(target)) process.exit(0)

const require = createRequire(join(root, 'package.json'))
const electronVersion = require('electron/package.json').version
const scratch = join(root, '.tmp', 'electron-native')
rmSync(scratch, { recursive: true, force: true })
mkdirSync(join(scratch, 'node_modules'), { recursive: true })
writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'electron-native', version: '0.0.0', dependencies: { 'better-sqlite3': '*' } }))
cpSync(join(root, 'node_modules', 'better-sqlite3'), join(scratch, 'node_modules', 'better-sqlite3'), { recursive: true })
rmSync(join(scratch, 'node_modules', 'better-sqlite3', 'build'), { recursive: true, force: true })

console.log(`building better-sqlite3 for Electron ${electronVersion} (once)…`)
const { rebuild } = await import('@electron/rebuild')
try {
  await rebuild({ buildPath: scratch, electronVersion, onlyModules: ['better-sqlite3'], force: true })
} catch (err) {
  console.error(`could not build better-sqlite3 for Electron: ${err instanceof Error ? err.message : err}`)
  console.error('The console still starts; the embedded hub will report that it cannot open its store. Connect to a remote hub, or retry with internet access.')
  process.exit(0)
}
mkdirSync(join(root, '.electron-native'), { recursive: true })
copyFileSync(join(scratch, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), target)
rmSync(scratch, { recursive: true, force: true })
console.log(`wrote ${target}`)
