import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/messaging/sysAuthentication'
import { containsText } from '../../store/like'
import { authenticationNotFound, sysAuthAppDuplicate } from './refusals'
import { messagingRepository, type MessagingDb, type SysAuthenticationsTable } from './tables'

const fromRow = (r: Selectable<SysAuthenticationsTable>): contract.SysAuth => ({
  id: r.id,
  appCode: r.app_code,
  name: r.name,
  tokenType: r.token_type,
  tokenValidity: Number(r.token_validity),
  status: r.status,
  remark: r.remark,
  adminSignIn: r.admin_sign_in,
  secretUpdatedDate: r.secret_updated_at,
  updatedDate: r.updated_at,
})

const repository = messagingRepository({ table: 'sys_authentications', toRecord: fromRow, notFound: authenticationNotFound, duplicate: sysAuthAppDuplicate })

/** System authentications, one per application code, answered without their secrets' digests. */
export const sysAuthenticationRepository = {
  ...repository,

  /** A page of the authentications matching the list's filters, by application code. */
  list(db: MessagingDb, q: z.output<typeof contract.sysAuthList.input>) {
    let base = repository.from(db)
    if (q.appCode) base = base.where(containsText('app_code', q.appCode))
    if (q.name) base = base.where(containsText('name', q.name))
    if (q.status) base = base.where('status', '=', q.status)
    return repository.page(base.selectAll().orderBy('app_code'), q)
  },
}
