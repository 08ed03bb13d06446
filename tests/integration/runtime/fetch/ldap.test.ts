import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FetchError } from '../../../../src/hub/runtime/fetch/fetcher'
import { LDAP_PAGE_SIZE, ldapFetcher } from '../../../../src/hub/runtime/fetch/ldap'
import * as ds from '../../../../src/shared/contract/datahub/dataSources'
import type { DataSource } from '../../../../src/shared/contract/datahub/dataSources'
import type { Producer } from '../../../../src/shared/contract/datahub/producer'
import { LDAP_READER, LDAP_READER_PASSWORD, LDAP_SUFFIX, ldapMissing, SIZE_LIMIT, startLdapServer, type LdapServer } from '../../../support/ldapServer'
import { createSqliteLocation } from '../../../support/stores'
import { freshCode, openBench, type Bench } from '../../datahub/support'
import { runFetcher } from './support'

/**
 * ldap producers read a real OpenLDAP directory (Debian's slapd on loopback,
 * tests/support/ldapServer.ts), bound as an ordinary account whose plain searches stop at
 * SIZE_LIMIT entries: reading more than that proves the paged-results control is used.
 */
const missing = ldapMissing()
if (missing && process.env.CI === 'true') throw new Error(`LDAP tests cannot run: ${missing}`)

const PEOPLE = `ou=people,${LDAP_SUFFIX}`
const COUNT = LDAP_PAGE_SIZE + SIZE_LIMIT + 10

describe.skipIf(missing !== null)('ldap producers read a directory page by page', () => {
  let b: Bench
  let ldap: LdapServer
  let source: DataSource

  beforeAll(async () => {
    ldap = await startLdapServer()
    const admin = await ldap.admin()
    try {
      for (let i = 0; i < COUNT; i++) {
        await admin.add(`uid=u${i},${PEOPLE}`, { objectClass: 'inetOrgPerson', uid: `u${i}`, cn: `User ${i}`, sn: 'Test', mail: [`u${i}@a.test`, `u${i}@b.test`] })
      }
    } finally {
      await admin.unbind()
    }
    b = await openBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
    source = await ldapSource(LDAP_READER_PASSWORD)
  }, 120_000)
  afterAll(async () => {
    await b?.close()
    await ldap?.stop()
  })

  /** The directory as an LDAP data source of the hub, bound as the reader with this password. */
  const ldapSource = (password: string) =>
    b.ok<DataSource>(ds.datasourceCreate, {
      name: freshCode('dir').replace(/\W/g, '_'),
      applicationCode: 'erp',
      sourceType: '2',
      dbType: 'ldap',
      host: ldap.host,
      port: String(ldap.port),
      username: LDAP_READER,
      password,
      timeout: 5,
    })

  const ldapProducer = async (model: { base: string; queryCondition?: string; resultFields?: string; dataSourceName?: string }) => {
    const topic = await b.topic({ dataFormat: 'json' })
    const producer = await b.producer(topic.code, { productionMode: 'ldap', ldapRequestInfoModel: { dataSourceName: source.name, queryCondition: '(objectClass=*)', resultFields: '*', ...model } } as Partial<Producer>)
    return { producer, topic }
  }

  it('reads every entry once, a page per batch, with the fields asked for', async () => {
    const party = await ldapProducer({ base: PEOPLE, queryCondition: '(objectClass=inetOrgPerson)', resultFields: 'uid, cn,mail' })
    const { batches, checkpoint } = await runFetcher(b, ldapFetcher, party)
    expect(batches.length).toBeGreaterThan(1)
    for (const batch of batches) expect(batch.messages.length).toBeLessThanOrEqual(LDAP_PAGE_SIZE)
    const entries = batches.flatMap((batch) => batch.messages) as Record<string, unknown>[]
    expect(batches.reduce((n, batch) => n + batch.rowsRead, 0)).toBe(COUNT)
    expect(new Set(entries.map((e) => e.uid)).size).toBe(COUNT)
    expect(entries.find((e) => e.uid === 'u7')).toEqual({ dn: `uid=u7,${PEOPLE}`, uid: 'u7', cn: 'User 7', mail: ['u7@a.test', 'u7@b.test'] })
    // A directory names no change marker: nothing to resume from.
    expect(checkpoint).toBeNull()
  })

  it('takes a bare condition as a filter, and * for every user attribute', async () => {
    const party = await ldapProducer({ base: PEOPLE, queryCondition: 'uid=u1*' })
    const entries = (await runFetcher(b, ldapFetcher, party)).batches.flatMap((batch) => batch.messages) as Record<string, unknown>[]
    expect(entries.map((e) => e.uid).sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `u${i}`).filter((uid) => uid.startsWith('u1')).sort())
    expect(entries[0]).toMatchObject({ objectClass: 'inetOrgPerson', sn: 'Test' })
  })

  it('stops between pages when the run is cancelled', async () => {
    const party = await ldapProducer({ base: PEOPLE })
    const cancel = new AbortController()
    const { batches } = await runFetcher(b, ldapFetcher, party, { signal: cancel.signal, onBatch: () => cancel.abort() })
    expect(batches).toHaveLength(1)
  })

  it('the data source\'s connection test binds as its account against the real directory', async () => {
    expect((await b.send(ds.datasourceTest, { id: source.id })).body).toMatchObject({ code: '2000' })
    const wrong = await b.send(ds.datasourceTest, { sourceType: '2', dbType: 'ldap', host: ldap.host, port: String(ldap.port), username: LDAP_READER, password: 'Wr0ng-Secret', timeout: 5 })
    expect(wrong.body.code).toBe('4090')
    expect(JSON.stringify(wrong.body)).not.toContain('Wr0ng-Secret')
  })

  it('fails the run with the server\'s reason for a wrong password, a bad filter or a missing source, and never shows the password', async () => {
    const wrong = await ldapSource('Wr0ng-Secret')
    const denied = runFetcher(b, ldapFetcher, await ldapProducer({ base: PEOPLE, dataSourceName: wrong.name }))
    await expect(denied).rejects.toThrow(FetchError)
    await expect(denied).rejects.toThrow(/Invalid Credentials \(LDAP result 49\)/)
    await expect(denied).rejects.not.toThrow(/Wr0ng-Secret/)

    await expect(runFetcher(b, ldapFetcher, await ldapProducer({ base: PEOPLE, queryCondition: '(uid=' }))).rejects.toThrow(/LDAP search of/)
    await expect(runFetcher(b, ldapFetcher, await ldapProducer({ base: PEOPLE, dataSourceName: 'nowhere' }))).rejects.toThrow("the data source 'nowhere' does not exist")
  })
})
