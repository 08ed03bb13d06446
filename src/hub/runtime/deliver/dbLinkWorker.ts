import { parentPort } from 'node:worker_threads'
import { reasonOf as driverReason } from '../../datahub/dataSources/connect/types'
import { DbLinkPools } from './dbLinkPools'
import { targetRows } from './dbLinkRows'
import type { DbLinkAnswer, DbLinkTask } from './dbLinkThread'
import { WRITERS } from './dbLinkWriters'
import { DeliveryError } from './types'

// The dblink delivery thread (dbLinkThread.ts): many writes at once, each answered under its id.

let pools: DbLinkPools | null = null

async function deliver(task: DbLinkTask): Promise<DbLinkAnswer> {
  try {
    const rows = targetRows(task.payloadText, task.mappings)
    const write = WRITERS[task.spec.dbType]
    if (!write) return { ok: false, error: `the data source '${task.source.name}' is ${task.spec.dbType}; the hub writes to PostgreSQL, MySQL / MariaDB and SQLite`, permanent: true }
    pools ??= new DbLinkPools(task.poolSize)
    try {
      await pools.write(task.source, task.spec, { table: task.table, rows, compare: task.compare }, write)
    } catch (err) {
      if (err instanceof DeliveryError) throw err
      throw new DeliveryError(`writing into ${task.table} of '${task.source.name}' failed: ${driverReason(err, task.spec.password)}`)
    }
    return { ok: true }
  } catch (err) {
    if (err instanceof DeliveryError) return { ok: false, error: err.message, permanent: err.permanent }
    return { ok: false, error: err instanceof Error ? err.message : String(err), permanent: false }
  }
}

const port = parentPort
if (!port) throw new Error('dbLinkWorker runs in a worker thread')
port.on('message', ({ id, task }: { id: number; task: DbLinkTask }) => {
  void deliver(task).then((answer) => port.postMessage({ id, answer }))
})
