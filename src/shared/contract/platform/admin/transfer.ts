import { z } from 'zod'
import { defineEndpoint, type Endpoint } from '../../../endpoint'
import { downloadedFileSchema } from '../../datahub/mappingFiles'
import { uploadedFileSchema } from '../licence'
import { ORG_PERMISSION, POSITION_PERMISSION, ROLE_PERMISSION, USER_PERMISSION } from './permissions'

/**
 * Excel imports and exports of the administration data (issue: organisations, positions, roles,
 * user-roles and users). The spec says they exist but not their paths: each is `<entity>/import`
 * (multipart field `file`, the first sheet with a header row) and `<entity>/export` (an .xlsx of
 * every record, the same header, so an export can be edited and imported elsewhere).
 *
 * An import is all or nothing: every row is checked first, and any problem refuses the whole
 * file with '4001' whose fields are `<row>.<column>` (the sheet's row number, header = 1) with
 * the message of the rule; nothing is written. Import creates records; an existing code is a
 * problem of its row, never a silent overwrite.
 */
export const TRANSFER_KINDS = ['org', 'position', 'role', 'userRole', 'user'] as const
export type TransferKind = (typeof TRANSFER_KINDS)[number]

const SETTINGS: Record<TransferKind, { prefix: string; permission: string }> = {
  org: { prefix: '/org', permission: ORG_PERMISSION },
  position: { prefix: '/position', permission: POSITION_PERMISSION },
  role: { prefix: '/role', permission: ROLE_PERMISSION },
  userRole: { prefix: '/userrole', permission: USER_PERMISSION },
  user: { prefix: '/employee', permission: USER_PERMISSION },
}

/** Most data rows one import takes (besides the header). */
export const IMPORT_MAX_ROWS = 5000

const importEndpoint = (kind: TransferKind) =>
  defineEndpoint({
    area: 'platform',
    access: 'session',
    permission: SETTINGS[kind].permission,
    id: `platform.${kind}.import`,
    method: 'POST',
    path: `${SETTINGS[kind].prefix}/import`,
    upload: true,
    input: z.object({ file: uploadedFileSchema }),
    output: z.object({ imported: z.number().int() }),
  })
const exportEndpoint = (kind: TransferKind) =>
  defineEndpoint({
    area: 'platform',
    access: 'session',
    permission: SETTINGS[kind].permission,
    id: `platform.${kind}.export`,
    method: 'GET',
    path: `${SETTINGS[kind].prefix}/export`,
    download: true,
    input: z.object({}).optional(),
    output: downloadedFileSchema,
  })

export const importEndpoints = Object.fromEntries(TRANSFER_KINDS.map((k) => [k, importEndpoint(k)])) as Record<TransferKind, ReturnType<typeof importEndpoint>>
export const exportEndpoints = Object.fromEntries(TRANSFER_KINDS.map((k) => [k, exportEndpoint(k)])) as Record<TransferKind, ReturnType<typeof exportEndpoint>>

export const transferEndpoints: Record<string, Endpoint> = Object.fromEntries(
  TRANSFER_KINDS.flatMap((k) => [
    [importEndpoints[k].id, importEndpoints[k]],
    [exportEndpoints[k].id, exportEndpoints[k]],
  ]),
)
