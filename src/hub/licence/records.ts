import type { Kysely, Selectable } from 'kysely'
import type { Licence } from '../../shared/contract/platform/licence'
import { parseLicenceText, type LicenceFile } from '../../shared/licence/format'
import type { HubDatabase } from '../store/schema'
import type { LicencesTable } from '../store/schema'
import { isoNow } from '../store/ids'
import { page, type PageRequest } from '../store/paging'
import type { Paged } from '../../shared/contract/paging'

type Row = Selectable<LicencesTable>
type Db = Kysely<HubDatabase>

/**
 * The `licences` table of 0001 is enough: the spec's fields are columns, the rest of the
 * payload (licensee, instance limit, issue time) is read back from the stored file itself.
 */
export function toLicence(row: Row): Licence {
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

/**
 * Stores a verified licence under the issuer's id. Uploading the same licence again replaces the
 * row, so it becomes the current one again (the current licence is the newest upload).
 */
export async function saveLicence(db: Db, file: LicenceFile, content: string): Promise<Row> {
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
  return row
}

export const currentLicenceRow = (db: Db): Promise<Row | undefined> =>
  db.selectFrom('licences').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(1).executeTakeFirst()

export const findLicenceRow = (db: Db, id: string): Promise<Row | undefined> =>
  db.selectFrom('licences').selectAll().where('id', '=', id).executeTakeFirst()

export function listLicenceRows(db: Db, at: PageRequest & { productCode?: string }): Promise<Paged<Row>> {
  let base = db.selectFrom('licences')
  const code = at.productCode?.trim()
  if (code) base = base.where('product_code', '=', code)
  return page(base.selectAll().orderBy('created_at', 'desc').orderBy('id'), at)
}
