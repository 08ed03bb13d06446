/**
 * Upload limits and the image check of the files and avatars (spec part 1 §5, part 2 §5, §9).
 * Shared: the console checks a file before sending it, the hub checks again (authoritatively).
 */
export const MB = 1024 * 1024

export const FILE_LIMITS = {
  /** Generic upload widget's attachments: 5 MB each (spec §9), 2000 files. */
  fileMaxBytes: 5 * MB,
  /** An image through the generic upload: 50 MB (spec part 2 §8, '上传图片大小不能超过 {n}MB!'). */
  imageMaxBytes: 50 * MB,
  fileMaxCount: 2000,
  /** Avatar: JPG or PNG under 2 MB (spec part 1 §5); the limit itself is accepted. */
  avatarMaxBytes: 2 * MB,
} as const

export type ImageType = 'png' | 'jpeg'

/**
 * What an attachment (any file not named as an image) is stored and served as: bytes to save,
 * never rendered — whatever the name or the uploader's claimed type (an HTML or SVG attachment
 * must not run as a page of the hub's origin).
 */
export const ATTACHMENT_CONTENT_TYPE = 'application/octet-stream'

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg' }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/**
 * The image type by content (magic bytes), never by the name: a text file renamed .png is not
 * an image, and an <img> of it would be whatever the bytes really are.
 */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png'
  // JPEG: SOI marker FF D8 then the FF of the next marker.
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  return undefined
}

/** The name's extension is one of .jpg, .jpeg, .png (any case); checked besides the content. */
export const hasImageExtension = (name: string): boolean => /\.(jpe?g|png)$/i.test(name.trim())

/** A file name safe to show and to send back in Content-Disposition: no path, at most 255 characters. */
export const baseName = (name: string): string => (name.split(/[\\/]/).pop() ?? '').trim().slice(0, 255) || 'file'
