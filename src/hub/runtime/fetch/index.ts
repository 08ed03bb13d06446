import type { ProductionMode } from '../../../shared/rules/datahub/producer'
import { fetchDbLink } from './dbLink'
import type { Fetcher } from './fetcher'

/**
 * The fetcher of each production mode the scheduler runs. A mode without one is not run
 * (serverApi and serverApiWS are pushed; mq listens continuously; bigdata has no store here).
 */
export const FETCHERS: Partial<Record<ProductionMode, Fetcher>> = {
  dblink: fetchDbLink,
}
