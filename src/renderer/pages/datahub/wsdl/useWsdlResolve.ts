import { useCallback, useRef, useState } from 'react'
import { producerResolveWsdlUrl, type WsdlResolution } from '../../../../shared/contract/datahub/wsdl'
import { decideFailure } from '../../../api/errorPolicy'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'

export type ResolveOutcome = { ok: true; resolution: WsdlResolution } | { ok: false; fieldError?: string | undefined } | { ok: false; cancelled: true }

/**
 * One WSDL resolve at a time, cancellable. Cancel abandons the answer: the console shows nothing
 * of it, not even a failure that arrives later (hence the quiet call and the toast raised here);
 * the hub's own time limit ends the fetch on its side.
 */
export function useWsdlResolve() {
  const [busy, setBusy] = useState(false)
  const attempt = useRef(0)

  const resolve = useCallback(async (wsdlUrl: string): Promise<ResolveOutcome> => {
    const mine = ++attempt.current
    setBusy(true)
    const result = await callHub(producerResolveWsdlUrl, { wsdlUrl }, { quiet: true })
    if (mine !== attempt.current) return { ok: false, cancelled: true }
    setBusy(false)
    if (result.ok) return { ok: true, resolution: result.data }
    // A refusal of the address itself is shown under the field; anything else as the catalogue says.
    const fieldError = result.fieldErrors?.wsdlUrl
    if (!fieldError) {
      const { toast } = decideFailure(result, { quiet: false, errorDetails: false, endpoint: producerResolveWsdlUrl.id })
      if (toast) showToast(toast)
    }
    return { ok: false, fieldError }
  }, [])

  const cancel = useCallback(() => {
    attempt.current++
    setBusy(false)
  }, [])

  return { busy, resolve, cancel }
}
