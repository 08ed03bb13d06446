import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { recordMessage } from '../../../src/hub/runtime/queue/messages'
import { openStore, type Store } from '../../../src/hub/store'
import { startCheckpointer } from '../../../src/hub/store/checkpointer'
import { SQLITE_FILE } from '../../../src/hub/store/connect'
import { createSqliteLocation, type StoreLocation } from '../../support/stores'

/**
 * A listening SQLite hub checkpoints on a thread of its own (store/checkpointer.ts): the write-
 * ahead log is copied into the database as it grows, by that thread, while the hub's own
 * connection would only do it past ~400 MB.
 */
let location: StoreLocation
let store: Store
const walBytes = () => statSync(join(location.dataDir, `${SQLITE_FILE}-wal`)).size
const autocheckpoint = async () => Number((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db)).rows[0]!.wal_autocheckpoint)

/**
 * Whether every frame of the log has been copied into the database, read from the wal-index
 * (the -shm file; sqlite.org/walformat.html, native byte order): its header's mxFrame (offset
 * 16) against the checkpoint's nBackfill (offset 96). Once it is, the next write starts the
 * log over from its first frame.
 */
const walCopied = () => {
  const index = readFileSync(join(location.dataDir, `${SQLITE_FILE}-shm`))
  return index.readUInt32LE(96) === index.readUInt32LE(16)
}

/**
 * 60 MB of messages, 100 KB each, committed one by one with the event loop free between them.
 * `settle`, after each 10 MB: waits (up to 10 s) until the thread has copied the whole log, at
 * its own pace, which depends on the machine's load (the hub's writes never wait for it).
 */
async function write60Mb(settle = false): Promise<void> {
  const payload = { text: JSON.stringify({ blob: 'x'.repeat(100_000) }), format: 'json' as const }
  for (let i = 0; i < 600; i++) {
    await recordMessage(store, { topic: { id: 't', code: 'ckpt', logStoreDay: 1, logDataStoreDay: 1 }, producerId: 'p', payload, routingKeys: [], consumerIds: [] })
    if (i % 10 === 0) await new Promise((r) => setTimeout(r, 20))
    if (settle && i % 100 === 99) {
      const until = Date.now() + 10_000
      while (!walCopied() && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
    }
  }
}

beforeEach(async () => {
  location = await createSqliteLocation()
  store = await openStore({ dataDir: location.dataDir })
})
afterEach(async () => {
  await store.close()
  await location.cleanup()
})

it('keeps the write-ahead log small by checkpointing on its thread while the hub writes, and hands checkpoints back when stopped', async () => {
  const checkpointer = (await startCheckpointer(store, location.dataDir, null))!
  try {
    expect(await autocheckpoint()).toBe(100_000)
    await write60Mb(true)
    // The log is started over once the thread has copied it: it never grows to what the hub's
    // own connection would let it (the test below), let alone to the 60 MB written.
    expect(walBytes()).toBeLessThan(25_000_000)
  } finally {
    await checkpointer.stop()
  }
  expect(await autocheckpoint()).toBe(10_000)
})

it('without it (a store opened by a tool), the hub\'s own connection checkpoints only every ~40 MB', async () => {
  await write60Mb()
  expect(walBytes()).toBeGreaterThan(35_000_000)
})

it('is not started for a PostgreSQL store', async () => {
  expect(await startCheckpointer({ ...store, kind: 'postgres' }, location.dataDir, null)).toBeNull()
})
