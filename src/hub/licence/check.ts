import { hasLicenceExtension, isExpired, licenceSizeAllowed, parseLicenceText, type LicenceFile } from '../../shared/licence/format'
import { ResultCode, type ResultCodeValue } from '../../shared/envelope'
import { isThisProductsCode } from '../platform/product'
import { signatureMatches } from './keys'

export type LicenceCheck =
  | { ok: true; file: LicenceFile; content: string }
  | { ok: false; code: ResultCodeValue; messageKey: string }

const refuse = (code: ResultCodeValue, messageKey: string): LicenceCheck => ({ ok: false, code, messageKey })

/**
 * The upload rules in the order a user fixes them: the file's name, its size, whether it is a
 * licence at all, whether this hub's key signed it, whether it is for this product, and whether
 * it is still valid today.
 */
export function checkLicenceUpload(name: string, bytes: Uint8Array, publicPem: string | null | undefined, today: string): LicenceCheck {
  if (!hasLicenceExtension(name)) return refuse(ResultCode.validation, 'msg_license_file_extension')
  if (!licenceSizeAllowed(bytes.byteLength)) return refuse(ResultCode.tooLarge, 'msg_license_file_size')
  if (!publicPem) return refuse(ResultCode.conflict, 'msg_licence_no_public_key')
  let content: string
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return refuse(ResultCode.validation, 'msg_licence_invalid_file')
  }
  const file = parseLicenceText(content)
  if (!file) return refuse(ResultCode.validation, 'msg_licence_invalid_file')
  if (!signatureMatches(file, publicPem)) return refuse(ResultCode.validation, 'msg_licence_signature_invalid')
  if (!isThisProductsCode(file.payload.productCode)) return refuse(ResultCode.validation, 'msg_licence_product_mismatch')
  if (isExpired(file.payload.expiredDate, today)) return refuse(ResultCode.validation, 'msg_licence_expired')
  return { ok: true, file, content }
}

/**
 * Whether stored content is still a valid licence for this hub today (its key may have changed
 * since; a licence for another product stored before uploads checked the product is not one).
 */
export function storedLicenceValid(content: string, publicPem: string | null | undefined, today: string): boolean {
  if (!publicPem) return false
  const file = parseLicenceText(content)
  return !!file && signatureMatches(file, publicPem) && isThisProductsCode(file.payload.productCode) && !isExpired(file.payload.expiredDate, today)
}
