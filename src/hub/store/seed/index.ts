import type { Kysely } from 'kysely'
import { bumpDataVersion, ensureDataVersions } from '../dataVersions'
import type { HubDatabase } from '../schema'
import { seedDictionaries } from './dictionaries'
import { seedI18nMessages, seedLanguageTypes } from './languages'
import { seedMenus } from './menus'
import { seedParameters } from './parameters'
import { seedRoles } from './roles'

/**
 * Puts the reference data in place; safe on every start and on several nodes at once (inserts
 * skip existing keys). A data set that changed gets a new data version, so consoles that cached
 * it refetch. Each set is one transaction: a half-seeded set never shows.
 */
export async function seed(db: Kysely<HubDatabase>): Promise<void> {
  await ensureDataVersions(db)
  await db.transaction().execute(seedMenus)
  await db.transaction().execute(seedRoles)
  if (await db.transaction().execute(seedDictionaries)) await bumpDataVersion(db, 'dict')
  if (await db.transaction().execute(seedParameters)) await bumpDataVersion(db, 'param')
  const langTypes = await db.transaction().execute(seedLanguageTypes)
  const texts = await db.transaction().execute(seedI18nMessages)
  if (langTypes || texts) await bumpDataVersion(db, 'lang')
}
