import { posix, resolve } from 'node:path'
import { hubFileDirOutside } from '../../../shared/rules/datahub/consumer'
import { consumerFilesDir } from '../../config'
import { openSftp } from '../../datahub/dataSources/connect/sftp'
import { reasonOf as driverReason } from '../../datahub/dataSources/connect/types'
import { dataSourceByName } from '../../datahub/dataSources/records'
import { sourceSpec } from '../../datahub/dataSources/specs'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import { Refusal } from '../../kernel/refusal'
import { localTarget, sftpTarget, type FileTarget } from './fileTargets'
import type { DeliveryJob } from './types'
import { DeliveryError } from '../../kernel/deliveryError'
import { type KeyedText, keyed } from '../../text/keyedText'

/** The file-location data-source type (spec §4 consumer list: 3 file). */
const FILE_LOCATION = '3'

/**
 * The consumer's folder below a location's base folder: '/' and '.' are the base folder itself, a
 * leading '/' is dropped, and '..' may not climb out (the location bounds what a consumer reaches).
 */
export function subFolder(fileDir: string): string {
  const normal = posix.normalize(`/${fileDir.replace(/\\/g, '/')}`)
  if (normal.split('/').includes('..')) throw new DeliveryError(keyed('msg_exchange_dir_climbs', { dir: fileDir }), true)
  return normal.slice(1)
}

/** A refusal of the SFTP connection (a changed host key, an unreadable key) as the delivery log says it. */
function refusalReason(err: Refusal): KeyedText {
  const p = err.params
  if (err.messageKey === 'msg_datasource_host_key_changed') {
    return keyed('msg_exchange_sftp_host_key', { host: p.host ?? '', port: p.port ?? '', offered: p.offered ?? '', pinned: p.pinned ?? '' })
  }
  // The refusal's own message, translated for the reader, and what the peer said as it came.
  const reason = { key: err.messageKey, params: p }
  return p.detail ? keyed('msg_exchange_refused_detail', { reason, detail: p.detail }) : reason
}

/**
 * Where a file or excel consumer writes: its data source (a file location, on the hub or SFTP)
 * with fileDir below the base folder; without a data source, fileDir below the hub's folder for
 * consumer files (config consumerFilesDir: <dataDir>/consumer-files). An absolute or climbing
 * fileDir, which a consumer saved before that rule may still hold, ends the delivery dead: it
 * wrote wherever the hub may write. Every failure is a DeliveryError; a missing or wrong source
 * is permanent.
 */
export async function openTarget(job: DeliveryJob, fileDir: string): Promise<FileTarget> {
  const sourceName = job.consumer.datasourceName.trim()
  if (!sourceName) {
    const folder = consumerFilesDir(job.hub.config)
    if (hubFileDirOutside(fileDir)) throw new DeliveryError(keyed('msg_exchange_dir_outside', { dir: fileDir, folder }), true)
    const dir = resolve(folder, fileDir)
    return localTarget(dir).catch((err: NodeJS.ErrnoException) => {
      throw new DeliveryError(keyed('msg_exchange_mkdir_failed', { dir, reason: err.code ?? String(err) }))
    })
  }
  const source = await dataSourceByName(dataSourceDb(job.hub.store.db), sourceName)
  if (!source) throw new DeliveryError(keyed('msg_exchange_source_missing', { name: sourceName }), true)
  if (source.source_type !== FILE_LOCATION) throw new DeliveryError(keyed('msg_exchange_not_file_location', { name: sourceName }), true)
  const sub = subFolder(fileDir)
  if (source.db_type === 'folder') {
    const dir = resolve(source.database_name, sub)
    return localTarget(dir).catch((err: NodeJS.ErrnoException) => {
      throw new DeliveryError(keyed('msg_exchange_mkdir_failed', { dir, reason: err.code ?? String(err) }))
    })
  }
  const spec = sourceSpec(source, job.hub)
  try {
    return await sftpTarget(await openSftp(spec), sub, `${spec.username}@${spec.host}:${spec.port}`)
  } catch (err) {
    if (err instanceof Refusal) throw new DeliveryError(refusalReason(err))
    throw new DeliveryError(keyed('msg_exchange_sftp_failed', { host: spec.host, port: spec.port, name: sourceName, reason: driverReason(err, spec.password) }))
  }
}
