import { deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { readCentralDirectory, unpackZip, ZipRefused } from './zipParts'

interface Part {
  name: string
  data: Buffer
  /** Write the sizes as ZIP64 (0xFFFFFFFF and the 0x0001 extra field), as streaming writers do. */
  zip64?: boolean
  declared?: number
}

/** A zip written by hand (CRC left 0: neither reader checks it). */
function zipOf(parts: Part[]): Buffer {
  const chunks: Buffer[] = []
  const dir: Buffer[] = []
  let offset = 0
  for (const p of parts) {
    const packed = deflateRawSync(p.data)
    const name = Buffer.from(p.name)
    const unpacked = p.declared ?? p.data.length
    const extra = Buffer.alloc(p.zip64 ? 20 : 0)
    if (p.zip64) {
      extra.writeUInt16LE(0x0001, 0)
      extra.writeUInt16LE(16, 2)
      extra.writeBigUInt64LE(BigInt(unpacked), 4)
      extra.writeBigUInt64LE(BigInt(packed.length), 12)
    }
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(p.zip64 ? 0xffffffff : packed.length, 18)
    local.writeUInt32LE(p.zip64 ? 0xffffffff : unpacked, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(extra.length, 28)
    chunks.push(local, name, extra, packed)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(p.zip64 ? 0xffffffff : packed.length, 20)
    central.writeUInt32LE(p.zip64 ? 0xffffffff : unpacked, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt16LE(extra.length, 30)
    central.writeUInt32LE(offset, 42)
    dir.push(central, name, extra)
    offset += 30 + name.length + extra.length + packed.length
  }
  const dirBytes = Buffer.concat(dir)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(dirBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...chunks, dirBytes, end])
}

const limits = { maxEntries: 10, maxUnpackedBytes: 1024 * 1024 }
const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    return err instanceof ZipRefused ? err.messageKey : `not a refusal: ${String(err)}`
  }
  return 'accepted'
}

describe('zip parts of an uploaded workbook', () => {
  it('unpacks every part, with ZIP64 sizes too', () => {
    const zip = zipOf([{ name: 'a.xml', data: Buffer.from('<a/>') }, { name: 'b.xml', data: Buffer.from('hello '.repeat(100)), zip64: true }])
    expect(unpackZip(zip, limits).map((p) => [p.name, Buffer.from(p.bytes).toString()])).toEqual([
      ['a.xml', '<a/>'],
      ['b.xml', 'hello '.repeat(100)],
    ])
  })

  it('refuses by the directory alone: too many entries, too many declared bytes (ZIP64 ones included)', () => {
    const many = zipOf(Array.from({ length: 11 }, (_, i) => ({ name: `p${i}`, data: Buffer.from('x') })))
    expect(refusal(() => readCentralDirectory(many, limits))).toBe('msg_mapping_excel_entries')
    const huge = zipOf([{ name: 'big', data: Buffer.from('x'), zip64: true, declared: 8 * 1024 ** 3 }])
    expect(refusal(() => readCentralDirectory(huge, limits))).toBe('msg_mapping_excel_unpacked_size')
    const sum = zipOf([600, 600].map((kb, i) => ({ name: `p${i}`, data: Buffer.from('x'), declared: kb * 1024 })))
    expect(refusal(() => readCentralDirectory(sum, limits))).toBe('msg_mapping_excel_unpacked_size')
  })

  it('stops a part that inflates past its declared size, and one that falls short of it', () => {
    expect(refusal(() => unpackZip(zipOf([{ name: 'liar', data: Buffer.alloc(512 * 1024), declared: 100 }]), limits))).toBe('msg_mapping_excel_invalid')
    expect(refusal(() => unpackZip(zipOf([{ name: 'short', data: Buffer.alloc(100), declared: 200 }]), limits))).toBe('msg_mapping_excel_invalid')
  })

  it('refuses what is no zip, or a zip whose directory points outside the file', () => {
    expect(refusal(() => unpackZip(Buffer.from('PK\x03\x04 and nothing else'), limits))).toBe('msg_mapping_excel_invalid')
    const zip = zipOf([{ name: 'a', data: Buffer.from('a') }])
    zip.writeUInt32LE(0x7fffffff, zip.length - 6)
    expect(refusal(() => unpackZip(zip, limits))).toBe('msg_mapping_excel_invalid')
  })
})
