import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HubConfig } from '../../../src/hub/config'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import type { RuntimeSettings } from '../../../src/hub/runtime/settings'
import * as ds from '../../../src/shared/contract/datahub/dataSources'
import type { DataSource } from '../../../src/shared/contract/datahub/dataSources'
import { sftpMissing, startSftpServer, type SftpServer } from '../../support/sftpServer'
import { createSqliteLocation, type StoreTarget } from '../../support/stores'
import { freshCode, openBench, type Bench } from '../datahub/support'

/**
 * What tests of file locations and the consumers writing there share: a hub (SQLite unless
 * asked: the store plays no part but in locking), its delivery worker on short waits, a temporary folder on this machine,
 * and a real SFTP server when it can run here (null otherwise; `sftpMissing` says why).
 */
export interface FileLocationBench {
  b: Bench
  worker: DeliveryWorker
  folder: string
  sftp: SftpServer | null
  /** Creates and enables a data source with these fields (a fresh name, application erp). */
  createSource(fields: object): Promise<DataSource>
  close(): Promise<void>
}

export interface FileLocationBenchOptions {
  config?: Partial<HubConfig>
  /** The worker's settings beside the short waits. */
  settings?: Partial<RuntimeSettings>
  /** SQLite unless given. */
  store?: StoreTarget
  /** Start the SFTP server (when it can run here); default yes. */
  sftp?: boolean
}

export async function openFileLocationBench({ config = {}, settings = {}, store, sftp: withSftp = true }: FileLocationBenchOptions = {}): Promise<FileLocationBench> {
  const b = await openBench(store ?? { name: 'sqlite', missing: null, create: createSqliteLocation }, config)
  const worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: (l) => b.hub.logs.push(l) }, { retryUnitMs: 20, pollMs: 20, ...settings })
  const folder = await mkdtemp(join(tmpdir(), 'dh-file-location-'))
  const sftp = !withSftp || sftpMissing() ? null : await startSftpServer()
  return {
    b,
    worker,
    folder,
    sftp,
    async createSource(fields) {
      const source = await b.ok<DataSource>(ds.datasourceCreate, { name: freshCode('loc').replace(/[^a-z0-9_]/gi, '_').slice(0, 50), applicationCode: 'erp', ...fields })
      return b.ok<DataSource>(ds.datasourceStatus, { id: source.id, version: source.version, status: '1' })
    },
    async close() {
      await worker.stop()
      await b.close()
      await sftp?.stop()
      await rm(folder, { recursive: true, force: true })
    },
  }
}
