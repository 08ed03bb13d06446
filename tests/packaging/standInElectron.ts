import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The marker @electron/fuses looks for in the Electron binary; the fuse wire follows it. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

/** Fuse order in wire version 1 (@electron/fuses FuseV1Options). */
export const FUSE_ORDER = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const
export type FuseName = (typeof FUSE_ORDER)[number]

/** Electron's shipped defaults, so the check proves the packager flipped each one. */
const ELECTRON_DEFAULTS: Record<FuseName, boolean> = {
  runAsNode: true,
  enableCookieEncryption: false,
  enableNodeOptionsEnvironmentVariable: true,
  enableNodeCliInspectArguments: true,
  enableEmbeddedAsarIntegrityValidation: false,
  onlyLoadAppFromAsar: false,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: true,
}

/**
 * A stand-in for Electron's unpacked Linux distribution (the real one cannot be downloaded on
 * the build machines), laid out as electron-builder's `electronDist` expects an unpacked
 * distribution: the `electron` executable (renamed to the product's executable name), an empty
 * `resources/` (app.asar is written there), `locales/`, `LICENSE`. The executable carries a
 * fuse wire with Electron's defaults so that @electron/fuses can flip it as it would the real one.
 */
export function writeStandInElectron(dir: string): string {
  mkdirSync(path.join(dir, 'resources'), { recursive: true })
  mkdirSync(path.join(dir, 'locales'), { recursive: true })
  const wire = FUSE_ORDER.map((f) => (ELECTRON_DEFAULTS[f] ? '1' : '0')).join('')
  const binary = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in for Electron: packaging check only"\nexit 1\n#'),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, FUSE_ORDER.length]),
    Buffer.from(wire),
    Buffer.from('\n'),
  ])
  writeFileSync(path.join(dir, 'electron'), binary)
  chmodSync(path.join(dir, 'electron'), 0o755)
  writeFileSync(path.join(dir, 'locales', 'en-US.pak'), '')
  writeFileSync(path.join(dir, 'LICENSE'), 'stand-in')
  return dir
}

/** The fuse states written in a (packaged) binary: true on, false off. */
export function readFuses(binary: Buffer): Partial<Record<FuseName, boolean>> {
  const at = binary.indexOf(FUSE_SENTINEL)
  if (at < 0) throw new Error('no fuse wire in the binary')
  const start = at + FUSE_SENTINEL.length
  const length = binary[start + 1] ?? 0
  const out: Partial<Record<FuseName, boolean>> = {}
  FUSE_ORDER.slice(0, length).forEach((name, i) => {
    out[name] = binary[start + 2 + i] === '1'.charCodeAt(0)
  })
  return out
}
