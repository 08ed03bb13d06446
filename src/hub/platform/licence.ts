import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { licenceStateSchema } from '../../shared/contract/platform/startup'
import type { HubDatabase } from '../store/schema'

/**
 * The licence state the console checks at start-up. Verifying licence files is a later piece
 * of work: until it exists the hub enforces no licence and calls none valid, and reports the
 * newest one uploaded, if any.
 */
export async function licenceState(db: Kysely<HubDatabase>): Promise<z.input<typeof licenceStateSchema>> {
  const newest = await db.selectFrom('licences').selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirst()
  return {
    enforced: false,
    valid: false,
    licence: newest
      ? {
          id: newest.id,
          productCode: newest.product_code,
          productNameCn: newest.product_name_cn,
          productNameEn: newest.product_name_en,
          expiredDate: newest.expired_date,
        }
      : null,
  }
}
