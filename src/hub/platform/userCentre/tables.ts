import type { Kysely } from 'kysely'
import type { HubDatabase } from '../../store/schema'

/** The user-centre tables (migration 0009) as Kysely sees them; ucDb() widens the store's Kysely. */
export interface FilesTable {
  id: string
  name: string
  content_type: string
  size: number
  owner_id: string
  created_at: string
}

export interface FavouritesTable {
  id: string
  user_id: string
  menu_id: string
  created_at: string
}

export interface UserCentreTables {
  files: FilesTable
  favourites: FavouritesTable
}

export type UserCentreDb = Kysely<HubDatabase & UserCentreTables>
export const ucDb = (db: Kysely<HubDatabase>): UserCentreDb => db as unknown as UserCentreDb
