import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sql from '../../src/shared/contract/datahub/sqlTools'
import type { SqlPreview } from '../../src/shared/contract/datahub/sqlTools'
import { requireQuery } from '../../src/hub/datahub/dataSources/sql/guard'
import { createSqliteLocation } from '../support/stores'
import { openDsBench, refusal, type DsBench } from '../integration/dataSources/bench'
import { createSource, describeWith, mariadbSource, pgSource, uniqueName, withMariadb, withPg } from '../integration/dataSources/support'

/**
 * Finding #8 of the adversarial probe (issue 21): the read-only guard was a regular expression
 * over the raw text. On MariaDB, comments between INTO and OUTFILE wrote files on the database
 * server; on PostgreSQL, functions that stop sessions and read server files passed. Each bypass
 * is sent to the real server through the hub; nothing may happen there.
 */
const NOT_QUERY = { code: '4090', message: '只允许执行查询语句（SELECT）' }
const denied = (name: string) => ({ code: '4090', message: `查询使用了不允许的函数：${name}` })

let bench: DsBench
beforeAll(async () => {
  bench = await openDsBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
})
afterAll(async () => {
  await bench?.close()
})
const preview = (datasourceName: string, querySql: string) => bench.send<SqlPreview>(sql.producerPreviewSqlData, { datasourceName, querySql })

describeWith('mariadb', 'read-only guard on MariaDB', () => {
  let name: string
  beforeAll(async () => {
    name = (await createSource(bench, mariadbSource({ timeout: 5 }))).name
  })

  it('refuses INTO OUTFILE / DUMPFILE however comments dress it, and no file appears', async () => {
    const file = () => `/tmp/${uniqueName('dh_outfile')}`
    const attacks = [
      (f: string) => `select 1 into/**/outfile '${f}'`,
      (f: string) => `select 1 into /*!outfile*/ '${f}'`,
      (f: string) => `select 1 into#x\noutfile '${f}'`,
      (f: string) => `select 1 into/**/dumpfile '${f}'`,
      (f: string) => `select 1 /*!50000 into outfile '${f}' */`,
      (f: string) => `select 1 /*M!100000 into outfile '${f}' */`,
      (f: string) => `select 1--1 into outfile '${f}'`,
    ]
    for (const attack of attacks) {
      const path = file()
      const text = attack(path)
      expect(refusal(await preview(name, text)), text).toEqual(NOT_QUERY)
      expect(existsSync(path), text).toBe(false)
    }
  })

  it('refuses LOAD_FILE, and a second statement with the product\'s message', async () => {
    expect(refusal(await preview(name, "select `load_file`('/etc/passwd')"))).toEqual(denied('load_file'))
    expect(refusal(await preview(name, "select load_file('/etc/passwd')"))).toEqual(denied('load_file'))
    const table = uniqueName('dh_guard')
    await withMariadb((c) => c.query(`create table ${table} (id int)`))
    try {
      expect(refusal(await preview(name, `select 1; drop table ${table}`))).toEqual(NOT_QUERY)
      const [rows] = await withMariadb((c) => c.query(`select count(*) as n from information_schema.tables where table_name = '${table}'`))
      expect(Number((rows as { n: number }[])[0]!.n)).toBe(1)
    } finally {
      await withMariadb((c) => c.query(`drop table if exists ${table}`))
    }
  })

  it('still previews an ordinary query that mentions these words in strings and comments', async () => {
    const answer = await preview(name, "select 'into outfile' as a, 1 as b -- into outfile\n")
    expect(answer.body.code).toBe('2000')
    expect(answer.body.data?.rows).toEqual([['into outfile', 1]])
  })
})

describeWith('postgres', 'read-only guard on PostgreSQL', () => {
  let name: string
  beforeAll(async () => {
    name = (await createSource(bench, pgSource({ timeout: 5 }))).name
  })

  it('refuses pg_terminate_backend: another session lives on', async () => {
    await withPg(async (victim) => {
      const pid = (await victim.query('select pg_backend_pid() as p')).rows[0].p as number
      for (const text of [`select pg_terminate_backend(${pid})`, `select pg_catalog.pg_terminate_backend(${pid})`, `select "pg_terminate_backend"(${pid})`, `select pg_cancel_backend(${pid})`]) {
        expect(refusal(await preview(name, text)), text).toEqual(denied(text.includes('cancel') ? 'pg_cancel_backend' : 'pg_terminate_backend'))
      }
      expect((await victim.query('select 1 as one')).rows[0].one).toBe(1)
    })
  })

  it('refuses server files, large-object export and SQL run from text', async () => {
    const cases: [string, string][] = [
      ["select pg_read_file('/etc/passwd')", 'pg_read_file'],
      ["select pg_read_binary_file('/etc/passwd')", 'pg_read_binary_file'],
      ["select * from pg_ls_dir('/')", 'pg_ls_dir'],
      ["select pg_stat_file('/etc/passwd')", 'pg_stat_file'],
      ["select lo_export(1, '/tmp/x')", 'lo_export'],
      ["select query_to_xml('select pg_read_file(''/etc/passwd'')', true, true, '')", 'query_to_xml'],
      ["select set_config('statement_timeout', '0', true)", 'set_config'],
    ]
    for (const [text, fn] of cases) expect(refusal(await preview(name, text)), text).toEqual(denied(fn))
    // Unicode-escaped names could spell any of them: refused as a whole.
    expect(refusal(await preview(name, 'select U&"pg_read_file"(\'/etc/passwd\')'))).toEqual(NOT_QUERY)
  })

  it('answers the SELECT-only message for a second statement and a data-modifying WITH; nothing changes', async () => {
    const table = uniqueName('dh_guard')
    await withPg((c) => c.query(`create table ${table} (id integer); insert into ${table} values (1), (2)`))
    try {
      expect(refusal(await preview(name, `select 1; delete from ${table}`))).toEqual(NOT_QUERY)
      expect(refusal(await preview(name, `with gone as (delete from ${table} returning *) select * from gone`))).toEqual(NOT_QUERY)
      expect(refusal(await preview(name, `select * into ${table}_copy from ${table}`))).toEqual(NOT_QUERY)
      expect((await withPg((c) => c.query(`select count(*)::int as n from ${table}`))).rows[0].n).toBe(2)
    } finally {
      await withPg((c) => c.query(`drop table if exists ${table}; drop table if exists ${table}_copy`))
    }
  })
})

describe('guard tokens', () => {
  it('reads comments, strings and quoted names by each dialect\'s rules', () => {
    // MySQL: `1--1` is arithmetic, and a backslash escapes a quote unless the session says not.
    expect(() => requireQuery("select 1--1 into outfile '/tmp/x'", { kind: 'mysql' })).toThrow()
    expect(() => requireQuery("select 'a\\' into outfile '/tmp/x' -- '", { kind: 'mysql', backslashEscapes: false })).toThrow()
    expect(requireQuery("select 'it\\'s', 'into outfile' # x", { kind: 'mysql' })).toBe("select 'it\\'s', 'into outfile'")
    // PostgreSQL: # is an operator, dollar quotes hold text, comments nest.
    expect(requireQuery('select 5 # 3 /* a /* b */ into */', { kind: 'postgres' })).toBe('select 5 # 3')
    expect(requireQuery('select $q$ into outfile $q$ as t;', { kind: 'postgres' })).toBe('select $q$ into outfile $q$ as t')
    expect(() => requireQuery("select 'open", { kind: 'postgres' })).toThrow()
  })
})
