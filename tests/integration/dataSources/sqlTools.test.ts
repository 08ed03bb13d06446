import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as ds from '../../../src/shared/contract/datahub/dataSources'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import * as producer from '../../../src/shared/contract/datahub/producer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import * as sql from '../../../src/shared/contract/datahub/sqlTools'
import type { Column, SqlPreview } from '../../../src/shared/contract/datahub/sqlTools'
import { sqliteSourcesDir } from '../../../src/hub/config'
import { createSqliteLocation } from '../../support/stores'
import { fieldKeys, openDsBench, refusal, type DsBench } from './bench'
import { createSource, dblinkModel, describeWith, mariadbSource, pgSource, uniqueName, withMariadb, withPg } from './support'

/** The SQL tools on real databases: tables made per run and dropped after; every query read-only. */
let bench: DsBench
beforeAll(async () => {
  bench = await openDsBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
})
afterAll(async () => {
  await bench?.close()
})

const preview = (input: object) => bench.send<SqlPreview>(sql.producerPreviewSqlData, input)
const columnsOfTable = (dataSourceName: string, tableName: string) => bench.send<Column[]>(sql.producerGetColumnsByDataSourceNameAndTableName, { dataSourceName, tableName })

describe('SQL tool input', () => {
  it('needs a data source and a row count of 1–10000', async () => {
    expect(fieldKeys(await preview({ querySql: 'select 1' }))).toEqual({ datasourceName: 'msg_sql_datasource_required' })
    const zero = await preview({ querySql: 'select 1', datasourceName: 'x', dataNum: 0 })
    expect((zero.body.data as unknown as { fields: { message: string }[] }).fields[0]?.message).toBe('请输入1-10000之间的整数')
    expect(fieldKeys(await preview({ querySql: 'select 1', datasourceName: 'x', dataNum: 10001 }))).toEqual({ dataNum: 'msg_sql_rows_rule' })
    expect(fieldKeys(await preview({ querySql: 'select 1', datasourceName: 'x', dataNum: 2.5 }))).toEqual({ dataNum: 'msg_sql_rows_rule' })
    expect(refusal(await preview({ querySql: 'select 1', datasourceName: 'nobody_has_this' }))).toEqual({ code: '4040', message: '数据源暂不存在' })
  })

  it('refuses a disabled source and a source without SQL', async () => {
    const off = await createSource(bench, { sourceType: '4', dbType: 'rabbitmq', host: 'h', status: '0' })
    expect(refusal(await preview({ querySql: 'select 1', datasourceName: off.name }))).toEqual({ code: '4090', message: `数据源 ${off.name} 已停用` })
    const mq = await createSource(bench, { sourceType: '4', dbType: 'rabbitmq', host: 'h' })
    expect(refusal(await preview({ querySql: 'select 1', datasourceName: mq.name })).message).toBe('rabbitmq 类型的数据源不支持 SQL 查询')
  })
})

describeWith('postgres', 'SQL tools on PostgreSQL', () => {
  const table = uniqueName('dh_orders')
  let name: string
  beforeAll(async () => {
    await withPg(async (c) => {
      await c.query(`create table ${table} (id integer primary key, customer varchar(40) not null, amount numeric(10,2), placed_at timestamptz)`)
      await c.query(`comment on column ${table}.customer is 'Who ordered'`)
      await c.query(`insert into ${table} select g, 'c' || g, g * 1.5, timestamptz '2026-01-01 00:00:00+00' from generate_series(1, 25) g`)
    })
    name = (await createSource(bench, pgSource({ timeout: 2 }))).name
  })
  afterAll(async () => {
    await withPg((c) => c.query(`drop table if exists ${table}`))
  })

  it('reads a table\'s columns with types, comments and the primary key', async () => {
    const answer = await columnsOfTable(name, table)
    expect(answer.body.data).toEqual([
      { columnName: 'id', dataTypeName: 'integer', desc: '', primaryKeyStatus: '1', synchStatus: '1' },
      { columnName: 'customer', dataTypeName: 'character varying(40)', desc: 'Who ordered', primaryKeyStatus: '0', synchStatus: '1' },
      { columnName: 'amount', dataTypeName: 'numeric(10,2)', desc: '', primaryKeyStatus: '0', synchStatus: '1' },
      { columnName: 'placed_at', dataTypeName: 'timestamp with time zone', desc: '', primaryKeyStatus: '0', synchStatus: '1' },
    ])
    expect(refusal(await columnsOfTable(name, 'no_such_table_x'))).toEqual({ code: '4090', message: '表 no_such_table_x 不存在' })
  })

  it('previews the rows asked for, with column types, and says when more exist', async () => {
    const answer = await preview({ datasourceName: name, querySql: `select id, customer, amount from ${table} order by id;`, dataNum: 3 })
    expect(answer.body.data).toEqual({
      columns: [{ name: 'id', type: 'integer' }, { name: 'customer', type: 'character varying(40)' }, { name: 'amount', type: 'numeric(10,2)' }],
      rows: [['1', 'c1', '1.50'], ['2', 'c2', '3.00'], ['3', 'c3', '4.50']],
      truncated: true,
    })
    const all = await preview({ datasourceName: name, querySql: `select id from ${table}` })
    expect(all.body.data?.rows).toHaveLength(10)
    const exact = await preview({ datasourceName: name, querySql: `select id from ${table}`, dataNum: 25 })
    expect(exact.body.data).toMatchObject({ truncated: false })
    expect(exact.body.data?.rows).toHaveLength(25)
  })

  it('reads a query\'s columns', async () => {
    const answer = await bench.send<Column[]>(sql.producerGetColumnsByDataSourceNameAndSql, { datasourceName: name, querySql: `select customer, amount * 2 as doubled from ${table}` })
    expect(answer.body.data?.map((c) => [c.columnName, c.dataTypeName])).toEqual([['customer', 'character varying(40)'], ['doubled', 'numeric']])
  })

  it('refuses INSERT, DROP and a second statement; nothing changes', async () => {
    expect(refusal(await preview({ datasourceName: name, querySql: `insert into ${table} values (99, 'x', 1, now())` }))).toEqual({ code: '4090', message: '只允许执行查询语句（SELECT）' })
    expect(refusal(await preview({ datasourceName: name, querySql: `drop table ${table}` })).message).toBe('只允许执行查询语句（SELECT）')
    // A second statement and a data-modifying WITH get the product's message, never the server's.
    for (const querySql of [`select 1; drop table ${table}`, 'select 1;\nselect 2', `WITH d AS (DELETE FROM ${table} RETURNING *) SELECT * FROM d`]) {
      expect(refusal(await preview({ datasourceName: name, querySql })), querySql).toEqual({ code: '4090', message: '只允许执行查询语句（SELECT）' })
    }
    // A query that writes through a function is stopped by the read-only transaction.
    const seq = uniqueName('dh_seq')
    await withPg((c) => c.query(`create sequence ${seq}`))
    try {
      expect(refusal(await preview({ datasourceName: name, querySql: `select nextval('${seq}')` }))).toEqual({ code: '4090', message: '只读查询，不允许修改数据' })
    } finally {
      await withPg((c) => c.query(`drop sequence ${seq}`))
    }
    const count = await withPg((c) => c.query(`select count(*)::int as n from ${table}`))
    expect(count.rows[0].n).toBe(25)
  })

  it('cuts off pg_sleep(60) at the source timeout', async () => {
    const started = Date.now()
    const answer = await preview({ datasourceName: name, querySql: 'select pg_sleep(60)' })
    // Half the sleep: a cut-off at the 2 s timeout, with room for a busy machine.
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(refusal(answer)).toEqual({ code: '4090', message: '查询超过 2 秒未完成，已中止' })
  })

  it('passes the server\'s message on for a broken query', async () => {
    expect(refusal(await preview({ datasourceName: name, querySql: 'select nope from nowhere_x' })).message).toMatch(/^查询执行失败：relation "nowhere_x" does not exist/)
  })

  it('uses the producer\'s data source when none is named (by producerId)', async () => {
    expect(fieldKeys(await preview({ producerId: 'missing', querySql: 'select 1' }))).toEqual({ datasourceName: 'msg_sql_datasource_required' })
    const code = uniqueName('topic')
    await bench.ok(topic.topicCreate, { code, name: 'Orders topic' })
    const made = await bench.ok<{ id: string }>(producer.producerCreate, { topicCode: code, appCode: 'crm', productionMode: 'dblink', dataSourceName: name, dbLinkRequestInfoModel: dblinkModel(name) })
    const answer = await preview({ producerId: made.id, querySql: `select customer from ${table} order by id`, dataNum: 1 })
    expect(answer.body.data?.rows).toEqual([['c1']])
  })
  it('gives a consumer\'s mapping every column of its target table, source name = target name', async () => {
    const code = uniqueName('topic')
    await bench.ok(topic.topicCreate, { code, name: 'Orders topic' })
    const made = await bench.ok<{ id: string }>(consumer.consumerCreate, {
      topicCode: code, applicationCode: 'erp', dataConsumeType: 'dblink', datasourceName: name, dbLinkRequestInfoModel: { targetTableName: table },
    })
    const answer = await bench.send<string>(topic.topicGetSourceAndTargetFields, { topicCode: code, consumerId: made.id })
    expect(answer.body.code).toBe('2000')
    expect(JSON.parse(answer.body.data ?? '[]')).toEqual(['id', 'customer', 'amount', 'placed_at'].map((c) => ({ sourceFieldName: c, targetFieldName: c })))
  })
})

describeWith('mariadb', 'SQL tools on MariaDB', () => {
  const table = uniqueName('dh_items')
  let name: string
  beforeAll(async () => {
    await withMariadb(async (c) => {
      await c.query(`create table ${table} (id int primary key, title varchar(30) comment 'Item title', price decimal(8,2), added datetime)`)
      await c.query(`insert into ${table} values (1, 'pen', 1.20, '2026-01-02 03:04:05'), (2, 'ink', 3.40, null), (3, 'pad', 5.60, null)`)
    })
    name = (await createSource(bench, mariadbSource({ timeout: 2 }))).name
  })
  afterAll(async () => {
    await withMariadb((c) => c.query(`drop table if exists ${table}`))
  })

  it('reads a table\'s columns', async () => {
    expect((await columnsOfTable(name, table)).body.data).toEqual([
      { columnName: 'id', dataTypeName: 'int(11)', desc: '', primaryKeyStatus: '1', synchStatus: '1' },
      { columnName: 'title', dataTypeName: 'varchar(30)', desc: 'Item title', primaryKeyStatus: '0', synchStatus: '1' },
      { columnName: 'price', dataTypeName: 'decimal(8,2)', desc: '', primaryKeyStatus: '0', synchStatus: '1' },
      { columnName: 'added', dataTypeName: 'datetime', desc: '', primaryKeyStatus: '0', synchStatus: '1' },
    ])
  })

  it('previews rows with types, capped', async () => {
    const answer = await preview({ datasourceName: name, querySql: `select id, title, price, added from ${table} order by id`, dataNum: 2 })
    expect(answer.body.data).toEqual({
      columns: [{ name: 'id', type: 'int' }, { name: 'title', type: 'varchar' }, { name: 'price', type: 'decimal' }, { name: 'added', type: 'datetime' }],
      rows: [[1, 'pen', '1.20', '2026-01-02 03:04:05'], [2, 'ink', '3.40', null]],
      truncated: true,
    })
  })

  it('refuses writes and cuts off sleep(60)', async () => {
    expect(refusal(await preview({ datasourceName: name, querySql: `update ${table} set price = 0` })).message).toBe('只允许执行查询语句（SELECT）')
    for (const querySql of [`select 1; delete from ${table}`, 'select 1;\nselect 2', `WITH d AS (DELETE FROM ${table} RETURNING *) SELECT * FROM d`]) {
      expect(refusal(await preview({ datasourceName: name, querySql })), querySql).toEqual({ code: '4090', message: '只允许执行查询语句（SELECT）' })
    }
    expect(refusal(await preview({ datasourceName: name, querySql: `select * from ${table} into outfile '/tmp/${table}.txt'` })).message).toBe('只允许执行查询语句（SELECT）')
    const started = Date.now()
    const slow = await preview({ datasourceName: name, querySql: 'select sleep(60)' })
    // Half the sleep: a cut-off at the 2 s timeout, with room for a busy machine.
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(refusal(slow)).toEqual({ code: '4090', message: '查询超过 2 秒未完成，已中止' })
    const [rows] = await withMariadb((c) => c.query(`select sum(price) as s from ${table}`))
    expect((rows as { s: string }[])[0]?.s).toBe('10.20')
  })
})

describe('SQL tools on a SQLite file', () => {
  let dir: string
  let name: string
  beforeAll(async () => {
    // SQLite sources live in the hub's folder for them (HUB_SQLITE_SOURCES_DIR).
    await mkdir(sqliteSourcesDir(bench.hub.config), { recursive: true })
    dir = await mkdtemp(join(sqliteSourcesDir(bench.hub.config), 'dh-sql-'))
    const file = join(dir, 'shop.sqlite')
    const db = new Database(file)
    db.exec("create table goods (sku text primary key, qty integer, photo blob); insert into goods values ('a', 1, x'CAFE'), ('b', 2, null)")
    db.close()
    name = (await createSource(bench, { sourceType: '1', dbType: 'sqlite', databaseName: file, timeout: 2 })).name
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('reads columns and rows from the file opened read-only', async () => {
    expect((await columnsOfTable(name, 'goods')).body.data?.map((c) => [c.columnName, c.dataTypeName, c.primaryKeyStatus])).toEqual([
      ['sku', 'TEXT', '1'], ['qty', 'INTEGER', '0'], ['photo', 'BLOB', '0'],
    ])
    expect((await preview({ datasourceName: name, querySql: 'select * from goods order by sku' })).body.data).toEqual({
      columns: [{ name: 'sku', type: 'TEXT' }, { name: 'qty', type: 'INTEGER' }, { name: 'photo', type: 'BLOB' }],
      rows: [['a', 1, '0xcafe'], ['b', 2, null]],
      truncated: false,
    })
  })

  it('answers the GET form the spec lists beside POST, and refuses a query too long for a URL with a code that says to use POST', async () => {
    const get = async (endpoint: { path: string }, query: Record<string, string>) => {
      const url = `/api/inner/datahub${endpoint.path}?${new URLSearchParams(query)}`
      const answer = await bench.hub.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bench.admin}`, 'accept-language': 'zh-CN' } })
      return answer.json() as { code: string; message: string; data: unknown }
    }
    const posted = (await preview({ datasourceName: name, querySql: 'select sku, qty from goods order by sku', dataNum: 1 })).body
    const fetched = await get(sql.producerPreviewSqlData, { datasourceName: name, querySql: 'select sku, qty from goods order by sku', dataNum: '1' })
    expect(fetched).toEqual(posted)
    expect(fetched.data).toMatchObject({ rows: [['a', 1]], truncated: true })
    expect((await get(sql.producerGetColumnsByDataSourceNameAndSql, { datasourceName: name, querySql: 'select qty from goods' })).data).toEqual([
      expect.objectContaining({ columnName: 'qty' }),
    ])
    // The same rules as POST: a row count out of range is the same field refusal.
    const outOfRange = await get(sql.producerPreviewSqlData, { datasourceName: name, querySql: 'select 1', dataNum: '0' })
    expect({ code: outOfRange.code, data: outOfRange.data }).toEqual({ code: (await preview({ datasourceName: name, querySql: 'select 1', dataNum: 0 })).body.code, data: (await preview({ datasourceName: name, querySql: 'select 1', dataNum: 0 })).body.data })
    expect(outOfRange.code).not.toBe('2000')
    // 1,200 Chinese characters are 10.8 KB in a URL (9 bytes each, percent-encoded): past what
    // proxies pass, while POST takes the same query (up to 5,000 characters).
    const long = `select '${'汉'.repeat(1200)}' as t`
    expect((await preview({ datasourceName: name, querySql: long })).body.code).toBe('2000')
    const refused = await get(sql.producerPreviewSqlData, { datasourceName: name, querySql: long })
    expect({ code: refused.code, message: refused.message }).toEqual({ code: '4130', message: '请求地址超过 8192 字节，无法以 GET 发送，请改用 POST' })
  })

  it('refuses writes and stops a query that never ends, the hub still answering', async () => {
    expect(refusal(await preview({ datasourceName: name, querySql: "insert into goods values ('c', 3, null)" })).message).toBe('只允许执行查询语句（SELECT）')
    // Past the keyword check, the read-only file still refuses (a CTE in front of a write).
    expect((await preview({ datasourceName: name, querySql: "with x as (select 1) insert into goods values ('c', 3, null)" })).body.code).toBe('4090')
    const started = Date.now()
    const endless = preview({ datasourceName: name, querySql: 'with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c' })
    // The hub's event loop stays free while the worker runs.
    expect((await bench.send(ds.datasourceList, {})).body.code).toBe('2000')
    // The message names the 2 s limit; a query not stopped would never end. The bound leaves room
    // for a busy machine.
    expect(refusal(await endless)).toEqual({ code: '4090', message: '查询超过 2 秒未完成，已中止' })
    expect(Date.now() - started).toBeLessThan(30_000)
  })
})
