import { expect, type Desktop } from './harness'

/**
 * Removes what an end-to-end test made on the worker's hub (shared by the specs of one worker):
 * its topic (disabled first; its producer and consumers go with it) and then the data source
 * they named (disabled first, as the hub requires).
 */
export async function removeTopicAndSource(desktop: Desktop, code: string, source: { name: string; applicationCode: string; sourceType: string }): Promise<void> {
  const hub = desktop.handlers['hub.call']
  const topics = await hub({ endpoint: 'datahub.topic.listAll' })
  const topic = topics.ok ? (topics.data as { id: string; code: string; status: string }[]).find((t) => t.code === code) : undefined
  if (topic) {
    if (topic.status === '1') expect((await hub({ endpoint: 'datahub.topic.disableOrEnable', input: { id: topic.id } })).ok).toBe(true)
    expect((await hub({ endpoint: 'datahub.topic.delete', input: { id: topic.id } })).ok).toBe(true)
  }
  const sources = await hub({ endpoint: 'datahub.datasource.listByApplicationCodeAndSourceType', input: { applicationCode: source.applicationCode, sourceType: source.sourceType } })
  const found = sources.ok ? (sources.data as { id: string; name: string }[]).find((d) => d.name === source.name) : undefined
  if (found) {
    expect((await hub({ endpoint: 'datahub.datasource.status', input: { id: found.id, status: '0' } })).ok).toBe(true)
    expect((await hub({ endpoint: 'datahub.datasource.delete', input: { id: found.id } })).ok).toBe(true)
  }
}
