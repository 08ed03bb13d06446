import type { Kysely, Selectable } from 'kysely'
import type { Licence } from '../../shared/contract/platform/licence'
import { ResultCode } from '../../shared/envelope'
import { parseLicenceText, type LicenceFile } from '../../shared/licence/format'
import { Refusal } from '../kernel/refusal'
import { isoNow } from '../store/ids'
import type { PageRequest } from '../store/paging'
import { repositoryOf } from '../store/repository'
import type { HubDatabase, LicencesTable } from '../store/schema'

type Row = Selectable<LicencesTable>
type Db = Kysely<HubDatabase>

/**
 * The `licences` table of 0001 is enough: the spec's fields are columns, the rest of the
 * payload (licensee, instance limit, issue time) is read back from the stored file itself.
 */
function toLicence(row: Row): Licence {
  const payload = parseLicenceText(row.content)?.payload
  return {
    id: row.id,
    productCode: row.product_code,
    productNameCn: row.product_name_cn,
    productNameEn: row.product_name_en,
    expiredDate: row.expired_date,
    ...(payload ? { licensee: payload.licensee, hubInstanceLimit: payload.hubInstanceLimit, issuedAt: payload.issuedAt } : {}),
    uploadedAt: row.created_at,
  }
}

export const licenceNotFound = (): Refusal => new Refusal(ResultCode.notFound, 'msg_licence_not_found')

const repository = repositoryOf<HubDatabase>()({ table: 'licences', toRecord: toLicence, notFound: licenceNotFound })

/** Newest upload first (the current licence is the newest), then by id. */
const newestFirst = (db: Db) => repository.from(db).selectAll().orderBy('created_at', 'desc').orderBy('id')

/** Uploaded licences, stored under the issuer's id with the file as uploaded. */
export const licenceRepository = {
  ...repository,

  /**
   * Stores a verified licence. Uploading the same licence again replaces the row, so it
   * becomes the current one again.
   */
  async save(db: Db, file: LicenceFile, content: string): Promise<Licence> {
    const { payload } = file
    const row: Row = {
      id: payload.id,
      product_code: payload.productCode,
      product_name_cn: payload.productNameCn,
      product_name_en: payload.productNameEn,
      expired_date: payload.expiredDate,
      content,
      created_at: isoNow(),
    }
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('licences').where('id', '=', payload.id).execute()
      await tx.insertInto('licences').values(row).execute()
    })
    return toLicence(row)
  },

  /** The stored row of the current licence (the newest upload), if any. */
  current: (db: Db): Promise<Row | undefined> => newestFirst(db).limit(1).executeTakeFirst(),

  /** A page of the licences, newest first, of one product code when one is given. */
  list(db: Db, at: PageRequest & { productCode?: string }) {
    const code = at.productCode?.trim()
    return repository.page(code ? newestFirst(db).where('product_code', '=', code) : newestFirst(db), at)
  },
}
