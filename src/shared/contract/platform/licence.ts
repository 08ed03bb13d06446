import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { pagedSchema, pageQueryShape } from '../paging'

const none = z.object({}).optional()

/** Licence as the spec lists it (id, productCode, names, expiredDate), plus what the file says about who holds it. */
export const licenceSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  productNameCn: z.string(),
  productNameEn: z.string(),
  expiredDate: z.string(),
  licensee: z.string().optional(),
  hubInstanceLimit: z.number().int().optional(),
  issuedAt: z.string().optional(),
  /** When this hub received the file. */
  uploadedAt: z.string().optional(),
})
export type Licence = z.infer<typeof licenceSchema>

/**
 * The current licence (the newest upload), whether it is valid (signature matches the hub's key,
 * not expired) and whether the hub enforces one ('4060' on protected calls when it is not valid).
 */
export const licenceStateSchema = z.object({
  enforced: z.boolean(),
  valid: z.boolean(),
  licence: licenceSchema.nullable(),
})
export type LicenceState = z.infer<typeof licenceStateSchema>

/**
 * A file as the hub's registrar hands it to an upload endpoint: the multipart field `file`,
 * already read within the route's size limit.
 */
export const uploadedFileSchema = z.object({
  name: z.string().max(255),
  bytes: z.instanceof(Uint8Array),
})

/** Spelled as the spec spells it: GET /getLicese. Public: the licence page opens without a session. */
export const getLicese = defineEndpoint({
  id: 'platform.getLicese',
  method: 'GET',
  area: 'platform',
  path: '/getLicese',
  access: 'public',
  input: none,
  output: licenceStateSchema,
})

/** The code of the licence menu (seed menuTree, 'platform.licence'): who may install a licence. */
export const LICENCE_PERMISSION = 'platform:licence'

/**
 * Spec §7: multipart field `file`; the stored licence becomes the current one. Installing one
 * changes what the whole hub serves: only users whose role has the licence menu's code.
 */
export const licenceUpload = defineEndpoint({
  id: 'platform.license.upload',
  method: 'POST',
  area: 'platform',
  path: '/license/upload',
  access: 'session',
  permission: LICENCE_PERMISSION,
  upload: true,
  input: z.object({ file: uploadedFileSchema }),
  output: licenceSchema,
})

/** Uploaded licences, newest first. */
export const licenceQuery = defineEndpoint({
  id: 'platform.license.query',
  method: 'GET',
  area: 'platform',
  path: '/license/query',
  access: 'session',
  input: z.object({ ...pageQueryShape, productCode: z.string().max(64).optional() }),
  output: pagedSchema(licenceSchema),
})

export const licenceDetail = defineEndpoint({
  id: 'platform.license.detail',
  method: 'GET',
  area: 'platform',
  path: '/license/detail/{id}',
  access: 'session',
  input: z.object({ id: z.string().min(1).max(64) }),
  output: licenceSchema,
})
