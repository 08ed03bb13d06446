#!/usr/bin/env node
/**
 * The installers' icons, made from one source (resources/icon.svg), never hand-exported:
 *   node scripts/icons.mjs            # after changing the source; commit what it writes
 *
 * Debian's Chromium (the one the end-to-end tests use) draws the SVG at each size; this script
 * writes what electron-builder reads from its build resources (electron-builder.yml):
 * - resources/icons/<n>x<n>.png   Linux (deb, rpm, AppImage), 16 to 1024 px
 * - resources/icon.png            1024 px, the fallback of every platform
 * - resources/icon.ico            Windows (NSIS, MSI): 16 to 256 px, PNG-compressed entries
 * - resources/icon.icns           macOS (dmg, zip): 16 to 1024 px, PNG entries
 * - resources/icons.json          the source's SHA-256 and the sizes, so a check can tell the
 *                                 icons were made from the source as it is now
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'

const root = resolve(import.meta.dirname, '..')
const resources = join(root, 'resources')
const source = readFileSync(join(resources, 'icon.svg'))

export const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
/** ICNS entry types of the PNG era (macOS 10.7+), by pixel size. */
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
]

/** The source drawn at n×n on a transparent background. */
async function renderAll() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage()
    const pngs = new Map()
    for (const n of SIZES) {
      await page.setViewportSize({ width: n, height: n })
      const svg = `data:image/svg+xml;base64,${source.toString('base64')}`
      await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${svg}" width="${n}" height="${n}" style="display:block"></body></html>`)
      await page.locator('img').evaluate((img) => img.decode())
      pngs.set(n, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: n, height: n } }))
    }
    return pngs
  } finally {
    await browser.close()
  }
}

/** A Windows icon whose entries are PNGs (Vista+): header, one directory entry each, then the images. */
function ico(pngs) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(ICO_SIZES.length, 4)
  let offset = 6 + 16 * ICO_SIZES.length
  const entries = ICO_SIZES.map((n) => {
    const e = Buffer.alloc(16)
    const png = pngs.get(n)
    e.writeUInt8(n >= 256 ? 0 : n, 0) // 0 means 256
    e.writeUInt8(n >= 256 ? 0 : n, 1)
    e.writeUInt16LE(1, 4) // colour planes
    e.writeUInt16LE(32, 6) // bits per pixel
    e.writeUInt32LE(png.length, 8)
    e.writeUInt32LE(offset, 12)
    offset += png.length
    return e
  })
  return Buffer.concat([header, ...entries, ...ICO_SIZES.map((n) => pngs.get(n))])
}

/** An Apple icon family: 'icns', the total length, then (type, length, PNG) per entry. */
function icns(pngs) {
  const chunks = ICNS_TYPES.map(([type, n]) => {
    const png = pngs.get(n)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + chunks.reduce((s, c) => s + c.length, 0), 4)
  return Buffer.concat([head, ...chunks])
}

const pngs = await renderAll()
mkdirSync(join(resources, 'icons'), { recursive: true })
for (const [n, png] of pngs) writeFileSync(join(resources, 'icons', `${n}x${n}.png`), png)
writeFileSync(join(resources, 'icon.png'), pngs.get(1024))
writeFileSync(join(resources, 'icon.ico'), ico(pngs))
writeFileSync(join(resources, 'icon.icns'), icns(pngs))
const sha256 = createHash('sha256').update(source).digest('hex')
writeFileSync(join(resources, 'icons.json'), `${JSON.stringify({ source: 'icon.svg', sha256, sizes: SIZES, ico: ICO_SIZES, icns: Object.fromEntries(ICNS_TYPES) }, null, 2)}\n`)
console.log(`icons: ${SIZES.length} PNGs, icon.ico (${ICO_SIZES.join(', ')} px), icon.icns (${ICNS_TYPES.map(([, n]) => n).join(', ')} px) from resources/icon.svg (sha256 ${sha256.slice(0, 12)}…)`)
