import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/identityProviders'
import type { MatchBy, ProviderKind } from '../../../shared/rules/platform/identityProvider'
import { containsText } from '../../store/like'
import { providerNameDuplicate, providerNotFound } from './refusals'
import { ssoRepository, type SsoDb, type SsoProvidersTable } from './tables'

const jsonList = (text: string): string[] => {
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []
  } catch {
    return []
  }
}

const toRecord = (r: Selectable<SsoProvidersTable>): contract.IdentityProvider => ({
  id: r.id,
  kind: r.kind as ProviderKind,
  name: r.name,
  enabled: r.enabled,
  serverUrl: r.server_url,
  clientId: r.client_id,
  clientSecretSet: r.client_secret !== '',
  scopes: r.scopes,
  appCode: r.app_code,
  claim: r.claim,
  matchBy: r.match_by as MatchBy,
  redirectUris: jsonList(r.redirect_uris),
  autoCreate: r.auto_create,
  roles: jsonList(r.roles),
  adminTrusted: r.admin_trusted,
  remark: r.remark,
  updatedDate: r.updated_at,
})

const repository = ssoRepository({ table: 'sso_providers', toRecord, notFound: providerNotFound, duplicate: providerNameDuplicate })

/** Identity providers: the administration's records, and the enabled ones sign-in looks up. */
export const providerRepository = {
  ...repository,
  jsonList,

  list(db: SsoDb, q: z.output<typeof contract.identityProviderList.input>) {
    let base = repository.from(db)
    if (q.name) base = base.where(containsText('name', q.name))
    if (q.kind) base = base.where('kind', '=', q.kind)
    return repository.page(base.selectAll().orderBy('name'), q)
  },

  /** The enabled providers of these kinds, by name (stored rows: sign-in needs the secret). */
  enabled: (db: SsoDb, kinds: readonly ProviderKind[]) => repository.from(db).selectAll().where('enabled', '=', '1').where('kind', 'in', kinds).orderBy('name').execute(),

  /** One enabled provider, if there is one with this id. */
  enabledById: (db: SsoDb, id: string) => repository.from(db).selectAll().where('id', '=', id).where('enabled', '=', '1').executeTakeFirst(),
}
