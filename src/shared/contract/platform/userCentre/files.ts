import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { downloadedFileSchema } from '../../datahub/mappingFiles'
import { uploadedFileSchema } from '../licence'
import { sessionUserSchema } from '../session'

/** Spec part 2 §3: File id, name. */
export const fileSchema = z.object({ id: z.string(), name: z.string() })
export type StoredFile = z.infer<typeof fileSchema>

const fileId = z.string().trim().min(1, 'msg_field_required').max(64)

/**
 * Spec part 2 §7: multipart field `file` with the session's Authorization; answers {id, name}.
 * An image (named .jpg, .jpeg or .png, checked by content) up to 50 MB, readable by anyone signed
 * in; any other file an attachment up to 5 MB, served as bytes to save and only to its uploader
 * and administrators.
 */
export const fileUpload = defineEndpoint({
  id: 'platform.file.upload',
  method: 'POST',
  area: 'platform',
  path: '/file/upload',
  access: 'session',
  upload: true,
  input: z.object({ file: uploadedFileSchema }),
  output: fileSchema,
})

/**
 * Spec part 2 §7: GET file/get with token and id in the query. Public as far as the registrar
 * goes, because an <img> cannot send an Authorization header: the handler checks `token`
 * itself, the same session check as every other call ('4030' when it is not valid).
 */
export const fileGet = defineEndpoint({
  id: 'platform.file.get',
  method: 'GET',
  area: 'platform',
  path: '/file/get',
  access: 'public',
  download: true,
  input: z.object({ token: z.string().max(512).default(''), id: fileId }),
  output: downloadedFileSchema,
})

/**
 * The console's way to show a stored image: its renderer never holds the token (it stays in
 * the main process), so it cannot build a file/get URL; it asks for the content instead and
 * shows it as a data: URL. Ours, not in the spec.
 */
export const fileContent = defineEndpoint({
  id: 'platform.file.content',
  method: 'GET',
  area: 'platform',
  path: '/file/content',
  access: 'session',
  input: z.object({ id: fileId }),
  output: fileSchema.extend({ contentType: z.string(), base64: z.string() }),
})
export type FileContent = z.infer<typeof fileContent.output>

/**
 * Avatar upload (spec part 1 §5: JPG or PNG under 2 MB): stores the image and makes it the
 * signed-in user's avatar in one call, so no half-done state (a file without an avatar, or an
 * avatar pointing at nothing) is left. Answers the user as /me/ does; `avatar` is the file id.
 */
export const avatarUpload = defineEndpoint({
  id: 'platform.me.avatar',
  method: 'POST',
  area: 'platform',
  path: '/me/avatar',
  access: 'session',
  upload: true,
  input: z.object({ file: uploadedFileSchema }),
  output: sessionUserSchema,
})

export const fileEndpoints = {
  [fileUpload.id]: fileUpload,
  [fileGet.id]: fileGet,
  [fileContent.id]: fileContent,
  [avatarUpload.id]: avatarUpload,
}
