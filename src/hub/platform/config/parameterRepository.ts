import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/config/parameters'
import { seedId } from '../../store/ids'
import { containsText } from '../../store/like'
import { parameterSeeds } from '../../store/seed/parameters'
import type { ParametersTable } from '../../store/schema'
import { paramDuplicate, paramNotFound } from './refusals'
import { configRepository, type ConfigDb } from './tables'

const toRow = (r: Selectable<ParametersTable>): contract.ParameterRow => ({
  id: r.id,
  parameterKey: r.parameter_key,
  parameterName: r.parameter_name,
  parameterNameEn: r.parameter_name_en,
  parameterValue: r.parameter_value,
  appCode: r.app_code,
  updatedDate: r.updated_at,
})

const repository = configRepository({ table: 'parameters', toRecord: toRow, notFound: paramNotFound, duplicate: paramDuplicate })

/** Parameters: stored by key (unique), answered as the contract's rows. */
export const parameterRepository = {
  ...repository,

  /** A page of the parameters matching the list's filters, by key. */
  list(db: ConfigDb, q: z.output<typeof contract.parameterQuery.input>) {
    let base = repository.from(db)
    if (q.parameterKey) base = base.where(containsText('parameter_key', q.parameterKey))
    if (q.parameterName) base = base.where(containsText('parameter_name', q.parameterName))
    if (q.appCode) base = base.where('app_code', '=', q.appCode)
    return repository.page(base.selectAll().orderBy('parameter_key'), q)
  },

  /** Every parameter's key and value, by key (the start-up set's). */
  async values(db: ConfigDb) {
    const found = await repository.from(db).select(['parameter_key', 'parameter_value']).orderBy('parameter_key').execute()
    return found.map((r) => ({ parameterKey: r.parameter_key, parameterValue: r.parameter_value }))
  },

  /** The value of the parameter with this key; undefined when there is none. */
  async valueOf(db: ConfigDb, key: string): Promise<string | undefined> {
    return (await repository.from(db).select('parameter_value').where('parameter_key', '=', key).executeTakeFirst())?.parameter_value
  },

  /** Sets one built-in parameter's value; puts its seeded row back first if someone's store lacks it. */
  async setBuiltIn(db: ConfigDb, key: string, value: string, at: string): Promise<void> {
    const seed = parameterSeeds.find((p) => p.key === key)!
    await db
      .insertInto('parameters')
      .values({ id: seedId('parameter', key), parameter_key: key, parameter_name: seed.name, parameter_name_en: seed.nameEn, parameter_value: value, app_code: 'common', created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('parameter_key').doUpdateSet({ parameter_value: value, updated_at: at }))
      .execute()
  },

  /** Sets the value of the parameter with this key; whether it changed (false: absent, or already that value). */
  async setValue(db: ConfigDb, key: string, value: string, at: string): Promise<boolean> {
    const result = await db.updateTable('parameters').set({ parameter_value: value, updated_at: at }).where('parameter_key', '=', key).where('parameter_value', '!=', value).executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  },
}
