import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/messaging/pfAuthentication'
import { containsText } from '../../store/like'
import { authenticationNotFound, pfAuthNameDuplicate } from './refusals'
import { messagingRepository, type MessagingDb, type PfAuthenticationsTable } from './tables'

const fromRow = (r: Selectable<PfAuthenticationsTable>): contract.PfAuth => ({
  id: r.id,
  authenName: r.authen_name,
  authenType: r.authen_type,
  tokenKey: r.token_key,
  tokenValue: '',
  tokenValueSet: r.token_secret !== '',
  tokenUrl: r.token_url,
  tokenMethod: r.token_method,
  tokenParams: r.token_params,
  tokenStatusCode: r.token_status_code,
  tokenParseLevel: r.token_parse_level,
  tokenValidity: r.token_validity,
  status: r.status,
  remark: r.remark,
  updatedDate: r.updated_at,
})

const repository = messagingRepository({ table: 'pf_authentications', toRecord: fromRow, notFound: authenticationNotFound, duplicate: pfAuthNameDuplicate })

/** Platform authentications, answered without their static tokens. */
export const pfAuthenticationRepository = {
  ...repository,

  /** A page of the authentications matching the list's filters, by name. */
  list(db: MessagingDb, q: z.output<typeof contract.pfAuthList.input>) {
    let base = repository.from(db)
    if (q.authenName) base = base.where(containsText('authen_name', q.authenName))
    if (q.status) base = base.where('status', '=', q.status)
    return repository.page(base.selectAll().orderBy('authen_name'), q)
  },
}
