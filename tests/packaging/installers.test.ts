import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The installers IT gets (issue 38): the targets of every platform, their icons made from one
 * source, signing from the environment — checked against electron-builder's own configuration
 * loader and schema, since the installers themselves cannot be built here (no Electron binary,
 * no Windows or macOS tools).
 */
const root = path.resolve(__dirname, '../..')
const requireHere = createRequire(path.join(root, 'package.json'))
const resource = (name: string) => path.join(root, 'resources', name)

interface Loaded {
  win: { icon: string; target: string[] }
  mac: { icon: string; target: string[]; notarize: boolean }
  linux: { icon: string; target: string[] }
  nsis: { oneClick: boolean; perMachine: boolean; allowElevation: boolean }
  msi: { perMachine: boolean; upgradeCode: string }
}
async function loadedConfig(): Promise<Loaded> {
  const { getConfig, validateConfiguration } = requireHere('app-builder-lib/out/util/config/config.js') as {
    getConfig(dir: string, file: null, extra: null): Promise<unknown>
    validateConfiguration(config: unknown, logger: unknown): Promise<void>
  }
  const { DebugLogger } = requireHere('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
  const config = await getConfig(root, null, null)
  // electron-builder's own check: an unknown or misplaced option fails the build there, and here.
  await validateConfiguration(config, new DebugLogger(false))
  return config as Loaded
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return [png.readUInt32BE(16), png.readUInt32BE(20)]
}

describe('the installers of each platform', () => {
  it('are what IT packages: NSIS and MSI, dmg and zip, AppImage, deb and rpm — a configuration electron-builder accepts', async () => {
    const config = await loadedConfig()
    expect(config.win.target).toEqual(['nsis', 'msi'])
    expect(config.mac.target).toEqual(['dmg', 'zip'])
    expect(config.linux.target).toEqual(['AppImage', 'deb', 'rpm'])
    // NSIS per user (no administrator prompt), MSI per machine with a stable upgrade code.
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true })
    expect(config.msi.perMachine).toBe(true)
    expect(config.msi.upgradeCode).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  })

  it('sign and notarise from the environment, and say so when they skip it', () => {
    const { signing } = requireHere('./scripts/updateFeed.cjs') as { signing(env: Record<string, string>, say: (l: string) => void): { mac: { notarize: boolean } } }
    const said: string[] = []
    expect(signing({}, (l) => said.push(l))).toEqual({ mac: { notarize: false } })
    expect(said).toEqual([expect.stringMatching(/^signing: skipped — CSC_LINK/), expect.stringMatching(/^notarisation: skipped — APPLE_API_KEY/)])
    said.length = 0
    expect(signing({ CSC_LINK: 'cert.p12', APPLE_API_KEY: 'k.p8', APPLE_API_KEY_ID: 'ID', APPLE_API_ISSUER: 'iss' }, (l) => said.push(l))).toEqual({ mac: { notarize: true } })
    expect(said).toEqual([])
  })
})

describe('the icons (resources/, made by scripts/icons.mjs from resources/icon.svg)', () => {
  const made = JSON.parse(readFileSync(resource('icons.json'), 'utf8')) as { sha256: string; sizes: number[]; ico: number[]; icns: Record<string, number> }

  it('were made from the source as it is now (run node scripts/icons.mjs after changing it)', () => {
    expect(createHash('sha256').update(readFileSync(resource('icon.svg'))).digest('hex')).toBe(made.sha256)
  })

  it('are the files each platform is pointed at', async () => {
    const config = await loadedConfig()
    for (const icon of [config.win.icon, config.mac.icon, config.linux.icon]) expect(existsSync(path.join(root, icon)), icon).toBe(true)
    expect(pngSize(readFileSync(resource('icon.png')))).toEqual([1024, 1024])
  })

  it('Linux: one PNG per size, each as large as its name says', () => {
    expect(made.sizes).toEqual(expect.arrayContaining([16, 32, 48, 64, 128, 256, 512, 1024]))
    for (const n of made.sizes) expect(pngSize(readFileSync(resource(`icons/${n}x${n}.png`))), `${n}x${n}.png`).toEqual([n, n])
  })

  it('Windows: an .ico whose entries are PNGs of 16 to 256 px, as its directory says', () => {
    const ico = readFileSync(resource('icon.ico'))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const count = ico.readUInt16LE(4)
    const sizes = Array.from({ length: count }, (_, i) => {
      const at = 6 + 16 * i
      const declared = ico.readUInt8(at) || 256
      const [length, offset] = [ico.readUInt32LE(at + 8), ico.readUInt32LE(at + 12)]
      expect(pngSize(ico.subarray(offset, offset + length))).toEqual([declared, declared])
      return declared
    })
    expect(sizes).toEqual(made.ico)
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]))
  })

  it('macOS: an .icns whose PNG entries cover 16 to 1024 px, each of its type\'s size', () => {
    const icns = readFileSync(resource('icon.icns'))
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const found: Record<string, number> = {}
    for (let at = 8; at < icns.length; ) {
      const type = icns.subarray(at, at + 4).toString('ascii')
      const length = icns.readUInt32BE(at + 4)
      const [w, h] = pngSize(icns.subarray(at + 8, at + length))
      expect(w, type).toBe(h)
      found[type] = w
      at += length
    }
    expect(found).toEqual(made.icns)
    expect(found).toMatchObject({ icp4: 16, ic07: 128, ic08: 256, ic09: 512, ic10: 1024 })
  })
})
