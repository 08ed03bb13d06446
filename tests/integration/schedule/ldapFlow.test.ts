import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Scheduler } from '../../../src/hub/runtime/schedule/scheduler'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import type { ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { LDAP_READER, LDAP_READER_PASSWORD, LDAP_SUFFIX, ldapMissing, startLdapServer, type LdapServer } from '../../support/ldapServer'
import { createSqliteLocation } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { httpConsumer, type Sink } from '../runtime/support'
import { allDelivered, fire, messagesOfRun, runHistory, scheduledFlow, scheduleFire, START, startScheduledRuntime, until, type ScheduledRuntime } from './support'

/**
 * An ldap producer end to end: a real OpenLDAP directory (Debian's slapd on loopback,
 * tests/support/ldapServer.ts) searched by the real ldap fetcher when the real scheduler fires
 * it — "run now" and then its schedule's fire — each entry delivered by the real delivery worker
 * to a loopback HTTP receiver. One store (SQLite): the directory's reading does not depend on it.
 */
const missing = ldapMissing()
if (missing && process.env.CI === 'true') throw new Error(`LDAP tests cannot run: ${missing}`)

const PEOPLE = `ou=people,${LDAP_SUFFIX}`
type Person = { dn: string; uid: string; cn: string; mail: string | string[] }
const person = (i: number): Person => ({ dn: `uid=u${i},${PEOPLE}`, uid: `u${i}`, cn: `User ${i}`, mail: i % 2 === 0 ? `u${i}@a.test` : [`u${i}@a.test`, `u${i}@b.test`] })

describe.skipIf(missing !== null)('an ldap producer on a real directory, fired by the scheduler', () => {
  let b: Bench
  let ldap: LdapServer
  let peer: Sink
  let node: Scheduler
  let runtime: ScheduledRuntime | undefined
  const addPeople = async (from: number, to: number) => {
    const admin = await ldap.admin()
    try {
      for (let i = from; i < to; i++) {
        const p = person(i)
        await admin.add(p.dn, { objectClass: 'inetOrgPerson', uid: p.uid, cn: p.cn, sn: 'Test', mail: p.mail })
      }
    } finally {
      await admin.unbind()
    }
  }
  beforeAll(async () => {
    ldap = await startLdapServer()
    await addPeople(0, 12)
    b = await openBench({ name: 'sqlite', missing: null, create: createSqliteLocation }, { timeZone: 'UTC' })
    runtime = await startScheduledRuntime(b)
    ;({ peer, node } = runtime)
  }, 120_000)
  afterAll(async () => {
    await runtime?.stop()
    await b?.close()
    await ldap?.stop()
  })

  it('run now and the schedule\'s fire each search the directory: every entry reaches the http consumer once per run, counts show in the run history', async () => {
    const source = `dir_${randomBytes(3).toString('hex')}`
    await b.ok(datasourceCreate, {
      name: source, applicationCode: 'erp', sourceType: '2', dbType: 'ldap', host: ldap.host, port: String(ldap.port), username: LDAP_READER, password: LDAP_READER_PASSWORD, timeout: 5,
    })
    const p = await scheduledFlow(
      b,
      { productionMode: 'ldap', ldapRequestInfoModel: { dataSourceName: source, base: PEOPLE, queryCondition: '(objectClass=inetOrgPerson)', resultFields: 'uid,cn,mail' } } as Partial<ProducerInput>,
      [httpConsumer(`${peer.url}/ldap-in`)],
    )

    const manual = await fire(b, node, p.id)
    // Between the runs two people join the directory: the fire reads them too (a directory has no change marker).
    await addPeople(12, 14)
    const scheduled = await scheduleFire(b, node, p.id)
    expect(scheduled.planned_at).toBe(START.toISOString())

    expect((await runHistory(b, p.id)).map((r) => [r.id, r.trigger, r.state, r.rowsRead, r.messagesAccepted, r.messagesRefused, r.error])).toEqual([
      [scheduled.id, 'schedule', 'succeeded', 14, 14, 0, ''],
      [manual.id, 'manual', 'succeeded', 12, 12, 0, ''],
    ])

    await until(() => allDelivered(b.hub.store, p.id), (done) => done)
    const runOf = new Map<string, string>()
    for (const run of [manual, scheduled]) for (const id of await messagesOfRun(b, run.id)) runOf.set(id, run.id)
    const received = peer.at('/ldap-in').map((r) => ({ run: runOf.get(String(r.headers['x-datahub-message-id'])), entry: JSON.parse(r.body) as Person }))
    const entriesOf = (runId: string) => received.filter((x) => x.run === runId).map((x) => x.entry).sort((x, y) => x.dn.localeCompare(y.dn))
    const people = (n: number) => Array.from({ length: n }, (_, i) => person(i)).sort((x, y) => x.dn.localeCompare(y.dn))
    expect(entriesOf(manual.id)).toEqual(people(12))
    expect(entriesOf(scheduled.id)).toEqual(people(14))
    expect(received).toHaveLength(26)
  })
})
