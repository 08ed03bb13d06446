import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFuses, writeStandInElectron } from './standInElectron'

/**
 * The packaging check: `electron-vite build`, then electron-builder `--dir` for Linux exactly as
 * `npm run dist` configures it (electron-builder.yml), except that Electron comes from a
 * stand-in distribution (standInElectron.ts) instead of a download, and the output goes to a
 * scratch folder. Then the produced app.asar and executable are inspected. Runs offline: the
 * Electron-ABI better-sqlite3 (.electron-native/, built by `npm run dist` with internet) is
 * shipped when present and otherwise left out with a warning.
 *
 * Skipped, with the reason, only when electron-builder cannot be loaded; with CI=true that is
 * a failure. Needs ~1–2 minutes (the renderer build dominates).
 */
const root = path.resolve(__dirname, '../..')
const requireHere = createRequire(path.join(root, 'package.json'))

/** Budget for what the app adds to Electron (app.asar + unpacked native modules). */
const SIZE_BUDGET_MB = 60
/** Libraries Vite bundles into the renderer; a copy in the archive is dead weight (stack.md). */
const RENDERER_LIBRARIES = ['react', 'react-dom', 'react-router-dom', 'react-i18next', 'i18next', 'monaco-editor', '@monaco-editor', '@fluentui', '@griffel', '@xyflow', '@dnd-kit', '@tanstack']

type Builder = typeof import('electron-builder')
let builder: Builder | null = null
let unavailable = ''
try {
  builder = requireHere('electron-builder') as Builder
} catch (e) {
  unavailable = `electron-builder cannot be loaded: ${String(e)}`
}
if (unavailable && process.env.CI === 'true') throw new Error(`CI=true: ${unavailable}`)

interface AsarEntry {
  files?: Record<string, AsarEntry>
  size?: number
  unpacked?: boolean
}

describe.skipIf(!builder)(`packaged app (electron-builder --dir)${unavailable ? ` — skipped: ${unavailable}` : ''}`, () => {
  let work = ''
  let appDir = ''
  let files: Map<string, AsarEntry>

  // A failed build or pack fails every check below with its cause (a throwing beforeAll would
  // only mark them skipped).
  let failure: unknown = null
  const packaged = () => {
    if (failure) throw failure
  }

  beforeAll(async () => {
    try {
      // DH_PACKAGING_PREBUILT=1 packs the out/ folder as it is (when iterating on electron-builder.yml).
      if (process.env.DH_PACKAGING_PREBUILT !== '1') {
        const vite = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8', timeout: 480_000 })
        if (vite.status !== 0) throw new Error(`electron-vite build failed:\n${vite.stdout}\n${vite.stderr}`)
      }

      work = mkdtempSync(path.join(root, '.tmp', 'packaging-'))
      const electronDist = writeStandInElectron(path.join(work, 'electron'))
      const { Platform, Arch } = builder!
      await builder!.build({
        projectDir: root,
        targets: Platform.LINUX.createTarget('dir', Arch.x64),
        publish: 'never',
        // Merged over electron-builder.yml: only what the offline build machine needs.
        config: { electronDist, directories: { output: path.join(work, 'dist') } },
      })
      appDir = path.join(work, 'dist', 'linux-unpacked')

      // The archive's table of contents: a JSON header after two pickled sizes (@electron/asar).
      const asar = requireHere('@electron/asar') as { getRawHeader(p: string): { header: AsarEntry } }
      files = new Map()
      const walk = (node: AsarEntry, at: string) => {
        for (const [name, entry] of Object.entries(node.files ?? {})) {
          const p = `${at}/${name}`
          if (entry.files) walk(entry, p)
          else files.set(p, entry)
        }
      }
      walk(asar.getRawHeader(path.join(appDir, 'resources', 'app.asar')).header, '')
    } catch (e) {
      failure = e
    }
  }, 600_000)

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('contains the built main, preload and renderer and the package manifest', () => {
    packaged()
    // The hub's worker entries sit beside the code that starts them (src/hub/threads/spawn.ts).
    const hub = ['/out/main/hubProcess.js', '/out/main/scriptWorker.js', '/out/main/workbookWorker.js', '/out/main/wsdlWorker.js', '/out/main/excelAppendWorker.js', '/out/main/dbLinkWorker.js', '/out/main/envelopeWorker.js', '/out/main/sqliteReadWorker.js', '/out/main/checkpointWorker.js']
    for (const f of ['/package.json', '/out/main/index.js', ...hub, '/out/preload/index.js', '/out/renderer/index.html']) {
      expect(files.has(f), f).toBe(true)
    }
    expect([...files.keys()].some((f) => /^\/out\/renderer\/assets\/.+\.js$/.test(f))).toBe(true)
  })

  it('ships an index.html that loads its scripts and styles from the root, so a reload on a deep route finds them', () => {
    packaged()
    const asar = requireHere('@electron/asar') as { extractFile(archive: string, file: string): Buffer }
    const html = asar.extractFile(path.join(appDir, 'resources', 'app.asar'), 'out/renderer/index.html').toString('utf8')
    const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
    expect(urls.some((u) => /^\/assets\/index-.+\.js$/.test(u))).toBe(true)
    expect(urls).toContain('/login-shell.js')
    // Relative URLs (./assets/…) resolve against app://console/datahub/topic to /datahub/assets/… (404).
    expect(urls.filter((u) => !u.startsWith('/'))).toEqual([])
  })

  it('contains no sources, tests, benchmarks or source maps', () => {
    packaged()
    const own = [...files.keys()].filter((f) => !f.startsWith('/node_modules/'))
    expect(own.filter((f) => /^\/(src|tests|bench|scripts|locales)\//.test(f) || /\.(ts|tsx|mts|map)$/.test(f))).toEqual([])
    expect([...files.keys()].filter((f) => f.endsWith('.map') && !f.startsWith('/node_modules/'))).toEqual([])
  })

  it('carries no renderer libraries in node_modules (Vite bundled them)', () => {
    packaged()
    const packages = new Set([...files.keys()].map((f) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1]).filter(Boolean) as string[])
    const found = [...packages].filter((p) => RENDERER_LIBRARIES.some((lib) => p === lib || p.startsWith(`${lib}/`)))
    expect(found).toEqual([])
    // The hub's own run-time dependencies are there.
    for (const dep of ['better-sqlite3', 'fastify', 'kysely', 'zod']) expect(packages.has(dep), dep).toBe(true)
  })

  it('keeps native modules (better-sqlite3) unpacked beside the archive', () => {
    packaged()
    const inArchive = '/node_modules/better-sqlite3/build/Release/better_sqlite3.node'
    expect(files.get(inArchive)?.unpacked).toBe(true)
    expect(existsSync(path.join(appDir, 'resources', 'app.asar.unpacked', inArchive))).toBe(true)
    const packedNative = [...files].filter(([f, e]) => f.endsWith('.node') && !e.unpacked).map(([f]) => f)
    expect(packedNative).toEqual([])
  })

  it('flips the security fuses in the packaged executable', () => {
    packaged()
    const exe = readFileSync(path.join(appDir, 'datahub-console'))
    expect(readFuses(exe)).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('writes an update feed into the app only when one was given at build time', () => {
    packaged()
    expect(existsSync(path.join(appDir, 'resources', 'app-update.yml'))).toBe(Boolean(process.env.DATAHUB_UPDATE_URL?.trim()))
  })

  it(`stays under ${SIZE_BUDGET_MB} MB on top of Electron`, () => {
    packaged()
    const du = (p: string): number => {
      const s = statSync(p)
      return s.isDirectory() ? readdirSync(p).reduce((sum, f) => sum + du(path.join(p, f)), 0) : s.size
    }
    const asarMb = du(path.join(appDir, 'resources', 'app.asar')) / 2 ** 20
    const unpackedMb = du(path.join(appDir, 'resources', 'app.asar.unpacked')) / 2 ** 20
    const bySize = new Map<string, number>()
    for (const [f, e] of files) {
      const key = /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1] ?? f.split('/').slice(0, 3).join('/')
      bySize.set(key, (bySize.get(key) ?? 0) + (e.unpacked ? 0 : (e.size ?? 0)))
    }
    const largest = [...bySize].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${(v / 2 ** 20).toFixed(1)}`)
    console.log(`[packaging] app.asar ${asarMb.toFixed(1)} MB + unpacked ${unpackedMb.toFixed(1)} MB; largest: ${largest.join(', ')}`)
    expect(asarMb + unpackedMb).toBeLessThan(SIZE_BUDGET_MB)
  })
})
