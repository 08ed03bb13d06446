import { z } from 'zod'

/**
 * The `.lic` file: JSON `{payload, signature}`, the signature being Ed25519 (base64) over the
 * canonical bytes of the payload. Pure helpers only: signing and verifying need node:crypto and
 * live in the hub (src/hub/licence) and its CLI; the console uses the upload rules below to
 * refuse a wrong file before it leaves the machine.
 */

/** Spec §5: extension lic (msg_license_file_extension). */
export const LICENCE_EXTENSION = '.lic'
/** Spec §5/§9: a licence file is under 1 MB (msg_license_file_size). */
export const LICENCE_MAX_BYTES = 1024 * 1024

export const hasLicenceExtension = (name: string): boolean =>
  name.length > LICENCE_EXTENSION.length && name.toLowerCase().endsWith(LICENCE_EXTENSION)
/** "Under 1 MB", as the spec says twice (the second document says "at most"; the stricter wins). */
export const licenceSizeAllowed = (bytes: number): boolean => bytes >= 0 && bytes < LICENCE_MAX_BYTES

/** yyyy-MM-dd that names a real calendar day (no 2027-02-30). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  })

const text = (max: number) => z.string().trim().min(1).max(max)

export const licencePayloadSchema = z
  .object({
    id: text(64),
    productCode: text(64),
    productNameCn: text(200),
    productNameEn: text(200),
    /** Last day the licence is valid (inclusive), yyyy-MM-dd. */
    expiredDate: isoDateSchema,
    licensee: text(200),
    /** How many hub nodes the licence covers. */
    hubInstanceLimit: z.number().int().min(1).max(10_000),
    /** ISO 8601 timestamp of issue. */
    issuedAt: z.string().min(1).max(40),
  })
  .strict()
export type LicencePayload = z.infer<typeof licencePayloadSchema>

export const licenceFileSchema = z
  .object({
    payload: licencePayloadSchema,
    signature: z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/).max(200),
  })
  .strict()
export type LicenceFile = z.infer<typeof licenceFileSchema>

/** Field order of the signed bytes. Fixed here, not taken from the file, so reordering keys in a file changes nothing. */
const PAYLOAD_ORDER = ['id', 'productCode', 'productNameCn', 'productNameEn', 'expiredDate', 'licensee', 'hubInstanceLimit', 'issuedAt'] as const

/** The text whose UTF-8 bytes are signed: compact JSON, keys in PAYLOAD_ORDER. */
export function canonicalPayload(payload: LicencePayload): string {
  return JSON.stringify(Object.fromEntries(PAYLOAD_ORDER.map((k) => [k, payload[k]])))
}

/** Parses a file's text; null when it is not a licence file at all (signature not checked). */
export function parseLicenceText(content: string): LicenceFile | null {
  let json: unknown
  try {
    // A BOM an editor may have added is no reason to refuse the file.
    json = JSON.parse(content.replace(/^\uFEFF/, ''))
  } catch {
    return null
  }
  const parsed = licenceFileSchema.safeParse(json)
  return parsed.success ? parsed.data : null
}

/** Today as yyyy-MM-dd in UTC, so every hub node agrees on when a licence ends. */
export const utcToday = (now: number = Date.now()): string => new Date(now).toISOString().slice(0, 10)

/** A licence is valid through its expiry day. */
export const isExpired = (expiredDate: string, today: string): boolean => expiredDate < today

export type LicenceStatus = 'valid' | 'expired' | 'invalid' | 'missing'

/**
 * What the console shows for a licence state: no licence, valid, expired, or present but not
 * valid for another reason (its signature does not match the hub's key, or the hub has none).
 */
export function licenceStatus(state: { valid: boolean; licence: { expiredDate: string } | null }, today: string): LicenceStatus {
  if (!state.licence) return 'missing'
  if (state.valid) return 'valid'
  return isExpired(state.licence.expiredDate, today) ? 'expired' : 'invalid'
}
