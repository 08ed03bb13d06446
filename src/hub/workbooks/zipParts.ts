import { inflateRawSync } from 'node:zlib'

/** Why a zip was refused: a message key of messages.consumer.json. */
export class ZipRefused extends Error {
  constructor(readonly messageKey: 'msg_mapping_excel_invalid' | 'msg_mapping_excel_unpacked_size' | 'msg_mapping_excel_entries') {
    super(messageKey)
    this.name = 'ZipRefused'
  }
}

export interface ZipLimits {
  /** Most entries the central directory may list. */
  maxEntries: number
  /** Largest total of the declared unpacked sizes. */
  maxUnpackedBytes: number
}

/** One part of the zip, unpacked. */
export interface ZipPart {
  name: string
  bytes: Uint8Array
}

const EOCD_SIG = 0x06054b50
const CEN_SIG = 0x02014b50
const LOC_SIG = 0x04034b50
const EOCD_MIN = 22
const MAX_COMMENT = 0xffff
const ZIP64_EXTRA = 0x0001
const U32_MAX = 0xffffffff

interface Entry {
  name: string
  method: number
  flags: number
  packed: number
  unpacked: number
  localOffset: number
}

const invalid = () => new ZipRefused('msg_mapping_excel_invalid')

/** The End Of Central Directory record, searched backwards over the longest possible comment. */
function findEndRecord(zip: Buffer): number {
  const stop = Math.max(0, zip.length - EOCD_MIN - MAX_COMMENT)
  for (let at = zip.length - EOCD_MIN; at >= stop; at--) {
    if (zip.readUInt32LE(at) === EOCD_SIG) return at
  }
  throw invalid()
}

/** ZIP64 sizes of a central entry whose 32-bit fields say "see the extra field". */
function zip64Sizes(extra: Buffer, unpacked: number, packed: number): { unpacked: number; packed: number } {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at)
    const size = extra.readUInt16LE(at + 2)
    if (id === ZIP64_EXTRA) {
      let field = at + 4
      const read = () => {
        if (field + 8 > at + 4 + size) throw invalid()
        const value = Number(extra.readBigUInt64LE(field))
        field += 8
        return value
      }
      // Only the fields that overflowed are present, in this order.
      const u = unpacked === U32_MAX ? read() : unpacked
      const p = packed === U32_MAX ? read() : packed
      return { unpacked: u, packed: p }
    }
    at += 4 + size
  }
  throw invalid()
}

/**
 * Lists the zip's entries from its central directory alone, refusing one whose directory lists
 * too many entries or declares more unpacked bytes than allowed: nothing is inflated yet, so a
 * zip bomb costs one pass over a few kilobytes of directory.
 */
export function readCentralDirectory(zip: Buffer, limits: ZipLimits): Entry[] {
  if (zip.length < EOCD_MIN) throw invalid()
  const end = findEndRecord(zip)
  const count = zip.readUInt16LE(end + 10)
  const dirSize = zip.readUInt32LE(end + 12)
  const dirOffset = zip.readUInt32LE(end + 16)
  // 0xFFFF entries is the ZIP64 marker; either way more than any workbook needs.
  if (count > limits.maxEntries) throw new ZipRefused('msg_mapping_excel_entries')
  if (dirOffset === U32_MAX || dirOffset + dirSize > end) throw invalid()

  const entries: Entry[] = []
  let total = 0
  let at = dirOffset
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CEN_SIG) throw invalid()
    const flags = zip.readUInt16LE(at + 8)
    const method = zip.readUInt16LE(at + 10)
    let packed = zip.readUInt32LE(at + 20)
    let unpacked = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const localOffset = zip.readUInt32LE(at + 42)
    const next = at + 46 + nameLength + extraLength + commentLength
    if (next > end) throw invalid()
    if (packed === U32_MAX || unpacked === U32_MAX) {
      ;({ unpacked, packed } = zip64Sizes(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), unpacked, packed))
    }
    total += unpacked
    if (total > limits.maxUnpackedBytes) throw new ZipRefused('msg_mapping_excel_unpacked_size')
    entries.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), method, flags, packed, unpacked, localOffset })
    at = next
  }
  return entries
}

/**
 * The zip's parts, each inflated with its declared size as a hard ceiling: an entry whose
 * directory lies about its size fails when it passes that size instead of filling memory.
 * Folders are skipped; encrypted parts and methods other than stored and deflate are refused.
 */
export function unpackZip(zip: Buffer, limits: ZipLimits): ZipPart[] {
  const parts: ZipPart[] = []
  for (const entry of readCentralDirectory(zip, limits)) {
    if (entry.name.endsWith('/')) continue
    if (entry.flags & 0x1) throw invalid()
    const at = entry.localOffset
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOC_SIG) throw invalid()
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28)
    if (start + entry.packed > zip.length) throw invalid()
    const packed = zip.subarray(start, start + entry.packed)
    let bytes: Uint8Array
    if (entry.method === 0) {
      if (entry.packed !== entry.unpacked) throw invalid()
      bytes = packed
    } else if (entry.method === 8) {
      try {
        // One byte of slack: an output that reaches it proves the declared size false.
        bytes = inflateRawSync(packed, { maxOutputLength: entry.unpacked + 1 })
      } catch {
        throw invalid()
      }
      if (bytes.length !== entry.unpacked) throw invalid()
    } else {
      throw invalid()
    }
    parts.push({ name: entry.name, bytes })
  }
  return parts
}
