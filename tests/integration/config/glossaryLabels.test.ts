import { Migrator, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { connect } from '../../../src/hub/store/connect'
import { seedId } from '../../../src/hub/store/ids'
import { migrationProvider } from '../../../src/hub/store/migrations'
import { openTestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()
type Db = Kysely<Record<string, Record<string, string>>>

/**
 * One term per concept (issue 43, migration 0029): a store seeded before the glossary — here a
 * fresh store taken back one step and given the old seeded texts — shows the glossary's menus,
 * parameters and dictionary labels once a new hub opens it; a text an administrator edited stays.
 */
describeEachStore(targets, 'glossary texts of seeded rows', (target) => {
  let location: StoreLocation
  let db: Db

  beforeAll(async () => {
    location = await target.create()
    await (await openTestHub(location)).close()
    const old = connect(location).db as unknown as Db
    const back = await new Migrator({ db: old as Kysely<unknown>, provider: migrationProvider }).migrateTo('0027_message_properties')
    expect(back.error).toBeUndefined()
    await old.updateTable('menus').set({ menu_name_zh: '预警记录', menu_name_en: 'Alert records' }).where('id', '=', seedId('menu', 'alert.record')).execute()
    // Renamed by an administrator: their Chinese name stays, the seeded English one follows.
    await old.updateTable('menus').set({ menu_name_zh: '我们的告警', menu_name_en: 'Alert centre' }).where('id', '=', seedId('menu', 'alert')).execute()
    await old.updateTable('parameters').set({ parameter_name: '主题颜色', parameter_name_en: 'Theme colour' }).where('parameter_key', '=', 'theme.color').execute()
    await old.updateTable('dictionary_data').set({ dict_label_cn: '启用' }).where('id', '=', seedId('dictionary_data', 'sys_status:1')).execute()
    await old.destroy()
    await (await openTestHub(location)).close()
    db = connect(location).db as unknown as Db
  })
  afterAll(async () => {
    await db?.destroy()
    await location?.cleanup()
  })

  const row = (table: string, key: string, id: string) => db.selectFrom(table).selectAll().where(key, '=', id).executeTakeFirstOrThrow()

  it('menus take the glossary names, except a name someone edited', async () => {
    expect(await row('menus', 'id', seedId('menu', 'alert.record'))).toMatchObject({ menu_name_zh: '告警记录', menu_name_en: 'Incidents' })
    expect(await row('menus', 'id', seedId('menu', 'alert'))).toMatchObject({ menu_name_zh: '我们的告警', menu_name_en: 'Alarm centre' })
  })

  it('parameters and dictionary labels take them too', async () => {
    expect(await row('parameters', 'parameter_key', 'theme.color')).toMatchObject({ parameter_name: '外观颜色', parameter_name_en: 'Appearance colour' })
    expect(await row('dictionary_data', 'id', seedId('dictionary_data', 'sys_status:1'))).toMatchObject({ dict_label_cn: '已启用' })
  })
})
