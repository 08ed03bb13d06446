import { useCallback, useRef, useState } from 'react'
import type { TFunction } from 'i18next'
import { consumerGetApiPath } from '../../../../shared/contract/datahub/consumer'
import { API_PATH_TYPES, type ApiPathType } from '../../../../shared/rules/platform/apps/applicationApiPath'
import { callHub } from '../../../api/hub'
import type { ConsumerValues } from './consumerForm'

/** Where the lookup of the chosen application's API path stands (shown under the request URI). */
export type ApiPathLookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found'; type: ApiPathType; path: string }
  | { state: 'none'; type: ApiPathType }
  | { state: 'failed'; message: string }

const IDLE: ApiPathLookup = { state: 'idle' }
const asType = (v: string): ApiPathType | undefined => API_PATH_TYPES.find((t) => t === v)

type Patch = (change: (current: ConsumerValues) => Partial<ConsumerValues>) => void

/**
 * Spec part 1 §4: choosing the application fetches its internal ('0') or external ('1') API path,
 * which becomes an http consumer's request URI unless the operator typed one. A URI this lookup
 * filled in is not the operator's: it follows the application picked next (emptied when that one
 * has no path, rather than left pointing at the previous application). An answer overtaken
 * by a later pick, or by `clear`, is dropped, so a slow lookup never fills in another
 * application's path. Kept by the dialog, not the basic tab: it outlives switching tabs.
 */
export function useApiPathLookup(patch: Patch) {
  const [lookup, setLookup] = useState<ApiPathLookup>(IDLE)
  const latest = useRef(0)
  const filled = useRef('')
  const clear = useCallback(() => {
    latest.current++
    setLookup(IDLE)
  }, [])
  const pick = useCallback(
    async (appCode: string, applicationType: string): Promise<void> => {
      const mine = ++latest.current
      const type = asType(applicationType)
      if (appCode === '' || !type) return setLookup(IDLE)
      setLookup({ state: 'loading' })
      // Quiet: the outcome is shown under the request URI, not as a toast over the dialog.
      const r = await callHub(consumerGetApiPath, { appCode, type }, { quiet: true })
      if (mine !== latest.current) return
      const path = r.ok ? r.data.path : ''
      setLookup(!r.ok ? { state: 'failed', message: r.message } : path ? { state: 'found', type, path } : { state: 'none', type })
      patch((current) => {
        if (current.applicationCode !== appCode) return {}
        const model = withRequestUri(current.dataConsumeType, current.model, path, filled.current)
        if (model === current.model) return {}
        filled.current = path
        return { model }
      })
    },
    [patch],
  )
  /** A new sub-model for a consume type just chosen: an http one starts with the path found. */
  const newModel = (consumeType: string, model: Record<string, unknown>): Record<string, unknown> => {
    if (lookup.state !== 'found') return model
    const next = withRequestUri(consumeType, model, lookup.path, '')
    if (next !== model) filled.current = lookup.path
    return next
  }
  return { lookup, pick, clear, newModel }
}
export type ApiPathLookupState = ReturnType<typeof useApiPathLookup>

/**
 * An http sub-model with the API path ('' none) as its request URI, when that is empty or still
 * holds what the lookup filled in before (`replaceable`); anything else the operator typed stays.
 */
export function withRequestUri(consumeType: string, model: Record<string, unknown>, path: string, replaceable: string): Record<string, unknown> {
  const uri = String(model.requestUri ?? '').trim()
  if (consumeType !== 'http' || uri === path || (uri !== '' && uri !== replaceable)) return model
  return { ...model, requestUri: path }
}

const KIND_KEY: Record<ApiPathType, string> = { '0': 'consumer:api_path_kind_internal', '1': 'consumer:api_path_kind_external' }

/** The line under the request URI: what the lookup found, or why nothing was filled in. */
export function apiPathHint(lookup: ApiPathLookup, t: TFunction): string | undefined {
  switch (lookup.state) {
    case 'idle':
      return undefined
    case 'loading':
      return t('consumer:api_path_loading')
    case 'found':
      return t('consumer:api_path_found', { kind: t(KIND_KEY[lookup.type]), path: lookup.path })
    case 'none':
      return t('consumer:api_path_none', { kind: t(KIND_KEY[lookup.type]) })
    case 'failed':
      return t('consumer:api_path_failed', { reason: lookup.message })
  }
}
