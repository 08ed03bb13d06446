import type { ChangeObjectType } from '../../../../shared/rules/approvals/process'

/**
 * The editor's label key for a field of a changed record, so the approver reads the change in
 * the words of the form that made it. The forms key their labels `<namespace>:field_<name>`,
 * by the field's own name (consumer type fields) or in snake case (producer, topic, flow);
 * the fields whose label is named otherwise are listed. A field no form labels keeps its name.
 */
const NAMED_OTHERWISE: Readonly<Record<string, string>> = {
  applicationCode: 'flow:field_app_code',
  applicationType: 'flow:field_app_type',
  dataConsumeType: 'flow:field_consume_type',
  retryTimeInterval: 'flow:field_retry_interval',
  topicCode: 'flow:field_topic',
  topicSchema: 'topic:field_schema',
  dataSourceName: 'producer:field_data_source',
}

/** Where each kind of record's form keeps its labels, its own first; the shared flow fields last. */
const NAMESPACES: Partial<Record<ChangeObjectType, readonly string[]>> = {
  topic: ['topic', 'flow'],
  producer: ['producer', 'flow'],
  consumer: ['consumer', 'flow'],
  datasource: ['datasource', 'flow'],
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

export function changeFieldLabelKey(objectType: ChangeObjectType, field: string, exists: (key: string) => boolean): string | undefined {
  const named = NAMED_OTHERWISE[field]
  if (named && exists(named)) return named
  for (const ns of NAMESPACES[objectType] ?? ['flow']) {
    for (const key of [`${ns}:field_${field}`, `${ns}:field_${snake(field)}`]) if (exists(key)) return key
  }
  return undefined
}
