import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as ds from '../../src/shared/contract/datahub/dataSources'
import { createSqliteLocation } from '../support/stores'
import { openDsBench, refusal, type DsBench } from '../integration/dataSources/bench'
import { closedPort, MARIADB, PG, services } from '../integration/dataSources/support'

/**
 * Port-scan finding of the adversarial probe (issue 21): `datasource/test` told a closed port
 * (ECONNREFUSED) from a filtered or silent one (timeout) and from one where something else
 * listens (a protocol error), on any host. Now all three answer the same words, at the same
 * moment (the source's timeout); only a server of the source's own kind gets its reason out.
 */
let bench: DsBench
const servers: Server[] = []
beforeAll(async () => {
  bench = await openDsBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
})
afterAll(async () => {
  for (const s of servers) s.close()
  await bench?.close()
})

async function listen(onSocket: (socket: import('node:net').Socket) => void): Promise<number> {
  const server = createServer(onSocket)
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return (server.address() as { port: number }).port
}

const probe = async (dbType: string, sourceType: string, port: number) => {
  const answer = await bench.send(ds.datasourceTest, { sourceType, dbType, host: '127.0.0.1', port: String(port), databaseName: 'x', username: 'u', password: 'p', timeout: 1 })
  // The port is part of the words (the one the administrator typed): set aside for comparing.
  return { ...refusal(answer), message: answer.body.message.replace(String(port), '<port>') }
}

describe('connection test as a port probe', () => {
  it('answers closed, silent and other-protocol ports alike, for each kind', async () => {
    const silent = await listen(() => {})
    const ssh = await listen((socket) => {
      socket.write('SSH-2.0-OpenSSH_9.2\r\n')
      socket.on('data', () => socket.end('Protocol mismatch.\n'))
    })
    const http = await listen((socket) => socket.on('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')))
    for (const [dbType, sourceType] of [['postgresql', '1'], ['mariadb', '1'], ['rabbitmq', '4'], ['activemq', '4'], ['ldap', '2']]) {
      const answers = await Promise.all([closedPort(), silent, ssh, http].map(async (port) => probe(dbType!, sourceType!, await port)))
      for (const a of answers) expect(a, dbType).toEqual({ code: '4090', message: '数据源连接失败：无法连接到 127.0.0.1:<port>' })
    }
  }, 90_000)

  it.runIf(services.postgres && services.mariadb)('still says why a real server refused', async () => {
    const pg = await bench.send(ds.datasourceTest, { sourceType: '1', dbType: 'postgresql', host: PG.host, port: String(PG.port), databaseName: 'no_such_db_x', username: PG.user })
    expect(refusal(pg).message).toMatch(/^数据源连接失败：.*no_such_db_x.*does not exist/)
    const maria = await bench.send(ds.datasourceTest, { sourceType: '1', dbType: 'mariadb', host: MARIADB.host, port: String(MARIADB.port), databaseName: MARIADB.database, username: MARIADB.user, password: 'Wr0ng-Pa55' })
    expect(refusal(maria).message).toMatch(/^数据源连接失败：Access denied/)
  })

  it('needs the data-source permission', async () => {
    expect(ds.datasourceTest.permission).toBe(ds.DATASOURCE_PERMISSION)
    expect((await bench.send(ds.datasourceTest, { sourceType: '1', dbType: 'postgresql', host: '127.0.0.1' }, { token: null })).body.code).not.toBe('2000')
  })
})
