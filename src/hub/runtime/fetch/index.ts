import type { ProductionMode } from '../../../shared/rules/datahub/producer'
import { fetchDbLink } from './dbLink'
import { excelFetcher } from './excel'
import type { Fetcher } from './fetcher'
import { createHttpFetcher } from './http'
import { ldapFetcher } from './ldap'
import { createWebServiceFetcher } from './webService'

/**
 * The fetcher of each production mode the scheduler runs. A mode without one is not run
 * (serverApi and serverApiWS are pushed; mq listens continuously; bigdata has no store here).
 */
export const FETCHERS: Partial<Record<ProductionMode, Fetcher>> = {
  http: createHttpFetcher(),
  webservice: createWebServiceFetcher(),
  dblink: fetchDbLink,
  excel: excelFetcher,
  ldap: ldapFetcher,
}
