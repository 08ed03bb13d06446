import { useEffect } from 'react'
import { changingObjects, type ChangingObject } from '../../../shared/contract/approvals/workbench'
import type { ChangeObjectType } from '../../../shared/rules/approvals/process'
import { callHub } from '../../api/hub'
import { watchEndpoints } from '../../api/query/invalidation'
import { createStore, useStore } from '../../state/store'
import { singleFlight } from '../../state/singleFlight'

/**
 * Which objects have a change under review (issue 19), for every list and editor at once: one
 * call however many rows show a mark, asked again when a mark first mounts, when a save is
 * submitted for review or a subject is decided (they invalidate /workbench/changingObjects).
 * Quiet: a user without the workbench simply sees no marks (the hub still refuses the save).
 */
interface Marks {
  byKey: ReadonlyMap<string, ChangingObject>
}
const marks = createStore<Marks>({ byKey: new Map() })
const keyOf = (type: string, id: string) => `${type}:${id}`

const refresh = singleFlight(async () => {
  const r = await callHub(changingObjects, {}, { quiet: true })
  if (r.ok) marks.set({ byKey: new Map(r.data.map((m) => [keyOf(m.objectType, m.objectId), m])) })
})

let watchers = 0
let unwatch: (() => void) | null = null

/** Keeps the marks current while a component showing one is mounted. */
function useMarksLoaded(): void {
  useEffect(() => {
    if (watchers++ === 0) unwatch = watchEndpoints([changingObjects.id], () => void refresh())
    void refresh()
    return () => {
      if (--watchers === 0) {
        unwatch?.()
        unwatch = null
      }
    }
  }, [])
}

/** The change under review of this object, if any (no id: a record not saved yet). */
export function useChangingMark(type: ChangeObjectType, id: string | undefined): ChangingObject | null {
  useMarksLoaded()
  return useStore(marks, (m) => (id ? (m.byKey.get(keyOf(type, id)) ?? null) : null))
}
