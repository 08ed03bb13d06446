import { linkSync, mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteSourcesDir } from '../../src/hub/config'
import * as ds from '../../src/shared/contract/datahub/dataSources'
import * as sql from '../../src/shared/contract/datahub/sqlTools'
import type { SqlPreview } from '../../src/shared/contract/datahub/sqlTools'
import { createSqliteLocation } from '../support/stores'
import { openDsBench, refusal, type DsBench } from '../integration/dataSources/bench'
import { createSource } from '../integration/dataSources/support'

/**
 * Finding #9 of the adversarial probe (issue 21): a SQLite data source named `hub.sqlite`,
 * resolved in the data directory, and `select username, password_hash from users` answered.
 * SQLite sources may now name files only in the hub's folder for them.
 */
let bench: DsBench
let folder: string
beforeAll(async () => {
  bench = await openDsBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
  folder = sqliteSourcesDir(bench.hub.config)
  mkdirSync(folder, { recursive: true })
})
afterAll(async () => {
  await bench?.close()
})

const outside = () => ({ code: '4090', message: `SQLite 数据源只能使用目录 ${folder} 中的数据库文件` })
async function previewOf(databaseName: string) {
  const source = await createSource(bench, { sourceType: '1', dbType: 'sqlite', databaseName })
  return bench.send<SqlPreview>(sql.producerPreviewSqlData, { datasourceName: source.name, querySql: 'select username, password_hash from users' })
}

describe('SQLite source location', () => {
  it('cannot open the hub\'s own store, by name, by path, through a link or a hard link', async () => {
    const store = join(bench.hub.config.dataDir, 'hub.sqlite')
    symlinkSync(store, join(folder, 'linked.sqlite'))
    linkSync(store, join(folder, 'hard.sqlite'))
    // The probe's own name now means <folder>/hub.sqlite, which is not there.
    const byName = await previewOf('hub.sqlite')
    expect(refusal(byName)).toEqual({ code: '4090', message: '数据源连接失败：unable to open database file' })
    for (const name of ['../hub.sqlite', store, 'linked.sqlite', 'hard.sqlite', '/etc/passwd', '.']) {
      const answer = await previewOf(name)
      expect(refusal(answer), name).toEqual(outside())
      expect(JSON.stringify(answer.body)).not.toContain('$argon2')
    }
    const test = await bench.send(ds.datasourceTest, { sourceType: '1', dbType: 'sqlite', databaseName: '../hub.sqlite' })
    expect(refusal(test)).toEqual(outside())
  })

  it('opens a file in the folder, read-only', async () => {
    const db = new Database(join(folder, 'shop.sqlite'))
    db.exec("create table users (username text, password_hash text); insert into users values ('ann', 'not a hash')")
    db.close()
    const answer = await previewOf('shop.sqlite')
    expect(answer.body.data?.rows).toEqual([['ann', 'not a hash']])
    const source = await createSource(bench, { sourceType: '1', dbType: 'sqlite', databaseName: join(folder, 'shop.sqlite') })
    const write = await bench.send(sql.producerPreviewSqlData, { datasourceName: source.name, querySql: "select * from users where username = 'ann' returning *" })
    expect(write.body.code).toBe('4090')
    expect((await previewOf('shop.sqlite')).body.data?.rows).toEqual([['ann', 'not a hash']])
  })
})
