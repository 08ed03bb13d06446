import { useCallback, useRef, useState } from 'react'
import { producerPreviewSqlData, type SqlPreview } from '../../../../shared/contract/datahub/sqlTools'
import { callHub } from '../../../api/hub'

export type PreviewState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; preview: SqlPreview }
  /** The hub's own (translated) message, shown in the dialog. */
  | { kind: 'failed'; message: string }

/**
 * One preview at a time, cancellable. Cancel abandons the answer (the hub's time limit ends the
 * query on its side); a late answer of an abandoned run is never shown. The call is quiet: the
 * dialog shows the failure itself instead of a toast over it.
 */
export function useSqlPreview() {
  const [state, setState] = useState<PreviewState>({ kind: 'idle' })
  const attempt = useRef(0)

  const run = useCallback(async (input: { datasourceName?: string | undefined; querySql: string; dataNum: number; producerId?: string | undefined }) => {
    const mine = ++attempt.current
    setState({ kind: 'running' })
    const result = await callHub(producerPreviewSqlData, input, { quiet: true })
    if (mine !== attempt.current) return
    setState(result.ok ? { kind: 'done', preview: result.data } : { kind: 'failed', message: result.message })
  }, [])

  const cancel = useCallback(() => {
    attempt.current++
    setState({ kind: 'idle' })
  }, [])

  return { state, run, cancel }
}
