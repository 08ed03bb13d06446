import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The objects a call changed, as the store layer saw them, for the audit log (src/hub/logs/).
 * The registrar opens a change log around an audited call (`withChangeLog`); the writes of
 * `rowsOf` (repository.ts) and the version records of topics, producers and consumers note what
 * they changed into it. Outside an audited call nothing is noted and nothing extra is read.
 */
export interface NotedChange {
  /** The table the object lives in ('consumers', 'roles'…). */
  objectType: string
  objectId: string
  /** The object before the call (null: the call created it). */
  before: Record<string, unknown> | null
  /** …and after it (null: the call deleted it). */
  after: Record<string, unknown> | null
  /**
   * From a version record: the wire record as the version history keeps it. Such a note
   * replaces a row-level note of the same object (the history's form is the one people compare).
   */
  fromVersion?: boolean
}

const current = new AsyncLocalStorage<NotedChange[]>()

/** Runs `work` with `changes` collecting what its writes note. */
export const withChangeLog = <T>(changes: NotedChange[], work: () => Promise<T>): Promise<T> => current.run(changes, work)

/** Whether the running call keeps a change log (a write reads the row before only then). */
export const changeLogOpen = (): boolean => current.getStore() !== undefined

/**
 * Notes one change. Notes of one object merge: the first `before` and the last `after`; a
 * version record's note wins over row-level notes of the same object.
 */
export function noteChange(change: NotedChange): void {
  const changes = current.getStore()
  if (!changes) return
  const same = changes.find((c) => c.objectId === change.objectId && (c.objectType === change.objectType || c.fromVersion || change.fromVersion))
  if (!same) return void changes.push(change)
  if (same.fromVersion && !change.fromVersion) {
    // A delete after the version record still ends the object.
    if (change.after === null) same.after = null
    return
  }
  if (change.fromVersion && !same.fromVersion) return void Object.assign(same, change)
  same.after = change.after
}
