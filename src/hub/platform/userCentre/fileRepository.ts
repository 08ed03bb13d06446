import { rowsOf } from '../../store/repository'
import type { HubDatabase } from '../../store/schema'
import { fileNotFound } from './refusals'
import type { UserCentreTables } from './tables'

/**
 * Stored files' metadata (the files table): the row a file's bytes are kept under
 * (fileStore.ts keeps the bytes). No wire record here: the handlers answer each call its own way.
 */
export const fileRepository = rowsOf<HubDatabase & UserCentreTables>()({ table: 'files', notFound: fileNotFound })
