import { DEFAULT_NOTIFY_TABLE } from '../../../../shared/contract/datahub/consumerModels'
import type { ApiObject } from '../../../components/httpApi/apiModel'
import { blankApi, submittedApi } from '../../../components/httpApi/apiModel'

/** The three result notifications as the editor holds them (spec §3 notify info), each on ('1') or off. */
export interface NotifyForm {
  db: { status: string; datasourceName: string; tableName: string }
  http: { status: string; api: ApiObject }
  email: { status: string; receiver: string }
}

type Entry = { type?: unknown; status?: unknown; receiver?: unknown }
const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** Reads a notifyInfo text loosely: an entry the form cannot read starts blank rather than failing the editor. */
export function notifyFormOf(text: string): NotifyForm {
  let list: Entry[] = []
  try {
    const parsed: unknown = text.trim() === '' ? [] : JSON.parse(text)
    if (Array.isArray(parsed)) list = parsed as Entry[]
  } catch {
    list = []
  }
  const find = (type: string) => list.find((e) => e?.type === type)
  const db = find('db')
  const dbReceiver = (db?.receiver ?? {}) as Record<string, unknown>
  const http = find('http')
  const email = find('email')
  return {
    db: { status: str(db?.status) || '0', datasourceName: str(dbReceiver.datasourceName), tableName: str(dbReceiver.tableName) || DEFAULT_NOTIFY_TABLE },
    http: { status: str(http?.status) || '0', api: http?.receiver && typeof http.receiver === 'object' ? (http.receiver as ApiObject) : blankApi('POST') },
    email: { status: str(email?.status) || '0', receiver: str(email?.receiver) },
  }
}

/** Spec §7: notifyInfo travels as the JSON text of the list; http keeps only checked rows (HTTP API editor rule). */
export function notifyTextOf(form: NotifyForm): string {
  return JSON.stringify([
    { type: 'db', status: form.db.status, receiver: { datasourceName: form.db.datasourceName.trim(), tableName: form.db.tableName.trim() } },
    { type: 'http', status: form.http.status, receiver: submittedApi(form.http.api) },
    { type: 'email', status: form.email.status, receiver: form.email.receiver.trim() },
  ])
}

/** Spec §4: choosing dblink forces the db result notification on. */
export function withDbNotifyOn(text: string): string {
  const form = notifyFormOf(text)
  return form.db.status === '1' ? text : notifyTextOf({ ...form, db: { ...form.db, status: '1' } })
}

/** Which enabled notifications lack their receiver: message keys by part ('db.tableName'…). */
export function notifyErrors(form: NotifyForm): Record<string, string> {
  const out: Record<string, string> = {}
  if (form.db.status === '1') {
    if (form.db.datasourceName.trim() === '') out['notify.db.datasourceName'] = 'msg_field_required'
    if (form.db.tableName.trim() === '') out['notify.db.tableName'] = 'msg_field_required'
  }
  if (form.http.status === '1' && (form.http.api.url ?? '').trim() === '') out['notify.http.url'] = 'msg_field_required'
  if (form.email.status === '1' && form.email.receiver.trim() === '') out['notify.email.receiver'] = 'msg_field_required'
  return out
}
