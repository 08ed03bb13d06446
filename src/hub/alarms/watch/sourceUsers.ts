import type { AlarmDb } from '../tables'

/** An enabled producer or consumer that reads or writes through a data source. */
export interface SourceUser {
  type: 'producer' | 'consumer'
  id: string
  topic_code: string
  alarm: string
  alarm_status: string
  receive_email: string
  extra_email: string
}

/** Every `dataSourceName` in a producer's or consumer's models (mq, database, file models alike). */
function namesIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) namesIn(v, found)
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'dataSourceName' && typeof v === 'string' && v.trim()) found.add(v.trim())
      else namesIn(v, found)
    }
  }
  return found
}
function modelNames(models: string): Set<string> {
  try {
    return namesIn(JSON.parse(models || '{}'), new Set())
  } catch {
    return new Set()
  }
}

/**
 * The enabled producers and consumers of each data source, by the source's name: the sources
 * worth a periodic check, and whom their failures concern.
 */
export async function sourceUsers(db: AlarmDb): Promise<Map<string, SourceUser[]>> {
  const [producers, consumers] = await Promise.all([
    db.selectFrom('producers').select(['id', 'topic_code', 'alarm', 'alarm_status', 'receive_email', 'data_source_name', 'models']).where('status', '!=', '0').execute(),
    db.selectFrom('consumers').select(['id', 'topic_code', 'alarm', 'alarm_status', 'receive_email', 'extra_email', 'datasource_name', 'models']).where('status', '!=', '0').execute(),
  ])
  const users = new Map<string, SourceUser[]>()
  const add = (names: Set<string>, user: SourceUser) => {
    for (const name of names) users.set(name, [...(users.get(name) ?? []), user])
  }
  for (const p of producers) {
    const names = modelNames(p.models)
    if (p.data_source_name.trim()) names.add(p.data_source_name.trim())
    add(names, { type: 'producer', id: p.id, topic_code: p.topic_code, alarm: p.alarm, alarm_status: p.alarm_status, receive_email: p.receive_email, extra_email: '' })
  }
  for (const c of consumers) {
    const names = modelNames(c.models)
    if (c.datasource_name.trim()) names.add(c.datasource_name.trim())
    add(names, { type: 'consumer', id: c.id, topic_code: c.topic_code, alarm: c.alarm, alarm_status: c.alarm_status, receive_email: c.receive_email, extra_email: c.extra_email })
  }
  return users
}
