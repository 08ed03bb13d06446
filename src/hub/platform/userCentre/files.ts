import * as contract from '../../../shared/contract/platform/userCentre/files'
import { ATTACHMENT_CONTENT_TYPE, FILE_LIMITS, IMAGE_CONTENT_TYPES, hasImageExtension, imageTypeOf } from '../../../shared/rules/platform/userCentre/files'
import { requireOwnPassword } from '../../auth/passwordChange'
import { findSession } from '../../auth/sessions'
import { sessionInvalid, signedIn } from '../../http/auth'
import { route, type CallContext } from '../../http/context'
import { accountRepository } from '../accountRepository'
import { adminDb } from '../admin/tables'
import { userRepository } from '../admin/userRepository'
import { sessionUser } from '../users'
import { loadFile, saveFile } from './fileStore'
import type { FilesTable } from './tables'
import { attachmentNotYours, avatarType, emptyFile, imageType } from './refusals'

/** An image by its name and its content; the refusal says which message the caller sees. */
function checkedImage(file: { name: string; bytes: Uint8Array }, refuse: () => Error): string {
  if (file.bytes.byteLength === 0) throw emptyFile()
  const type = imageTypeOf(file.bytes)
  if (!type || !hasImageExtension(file.name)) throw refuse()
  return IMAGE_CONTENT_TYPES[type]
}

/**
 * Spec part 2 §7 file upload; answers {id, name}. A file named as an image (.jpg, .jpeg, .png)
 * must be one by content and may be 50 MB; any other file is an attachment of at most 5 MB,
 * stored and served as bytes to save (ATTACHMENT_CONTENT_TYPE), never as the type it claims.
 * Too large: an image gets the spec's '上传图片大小不能超过 {n}MB!', an attachment the generic
 * upload's message, both with the real limit.
 */
export const fileUpload = route(
  contract.fileUpload,
  async ({ file }, call) => {
    const contentType = hasImageExtension(file.name) ? checkedImage(file, imageType) : attachment(file)
    const row = await saveFile(call.hub, { ...file, contentType, ownerId: signedIn(call).userId })
    return { id: row.id, name: row.name }
  },
  {
    upload: {
      maxBytes: FILE_LIMITS.imageMaxBytes,
      maxBytesOf: (name) => (hasImageExtension(name) ? FILE_LIMITS.imageMaxBytes : FILE_LIMITS.fileMaxBytes),
      tooLargeKey: 'msg_upload_size',
      tooLargeKeyOf: (name) => (hasImageExtension(name) ? 'msg_uc_image_size' : 'msg_upload_size'),
    },
    successMessage: 'msg_file_upload_success',
  },
)

function attachment(file: { bytes: Uint8Array }): string {
  if (file.bytes.byteLength === 0) throw emptyFile()
  return ATTACHMENT_CONTENT_TYPE
}

const IMAGE_TYPES = new Set<string>(Object.values(IMAGE_CONTENT_TYPES))

/**
 * Who may read a stored file: an image (an avatar, a widget's picture) anyone signed in, since
 * others are shown it; an attachment only its uploader and an administrator — file ids are not
 * secrets, and an attachment may be a private document.
 */
async function mayRead(call: CallContext, row: FilesTable, userId: string): Promise<void> {
  if (IMAGE_TYPES.has(row.content_type) || row.owner_id === userId) return
  if (!(await userRepository.isAdministrator(adminDb(call.hub.store.db), userId))) throw attachmentNotYours()
}

/** Spec part 2 §7 file/get: the token in the query is checked as a session token. */
export const fileGet = route(contract.fileGet, async ({ token, id }, call) => {
  const session = token ? await findSession(call.hub.store.db, token) : null
  if (!session) throw sessionInvalid()
  requireOwnPassword(session, contract.fileGet.id)
  const { row, bytes } = await loadFile(call.hub, id)
  await mayRead(call, row, session.userId)
  return { name: row.name, contentType: row.content_type, bytes }
})

export const fileContent = route(contract.fileContent, async ({ id }, call) => {
  const { row, bytes } = await loadFile(call.hub, id)
  await mayRead(call, row, signedIn(call).userId)
  return { id: row.id, name: row.name, contentType: row.content_type, base64: Buffer.from(bytes).toString('base64') }
})

/** Avatar: JPG or PNG under 2 MB (spec part 1 §5, its messages), then the user's avatar. */
export const avatarUpload = route(
  contract.avatarUpload,
  async ({ file }, call) => {
    const contentType = checkedImage(file, avatarType)
    const { userId } = signedIn(call)
    const row = await saveFile(call.hub, { ...file, contentType, ownerId: userId })
    const { db } = call.hub.store
    await accountRepository.setAvatar(db, userId, row.id)
    const user = await accountRepository.find(db, userId)
    if (!user) throw sessionInvalid()
    return sessionUser(db, user)
  },
  { upload: { maxBytes: FILE_LIMITS.avatarMaxBytes, tooLargeKey: 'msg_uc_avatar_size' } },
)
