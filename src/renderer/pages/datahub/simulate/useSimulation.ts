import { useCallback, useRef, useState } from 'react'
import { topicSimulate, type SimulateInput, type Simulation } from '../../../../shared/contract/datahub/simulate'
import { callHub } from '../../../api/hub'

export type SimulationState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; simulation: Simulation }
  /** The hub refused the call itself (an unknown topic, no permission…): its translated message. */
  | { kind: 'failed'; message: string }

/**
 * One simulation at a time; a later run replaces an earlier one's answer, which is then dropped
 * when it arrives. Quiet: the dialog shows a refusal in place rather than a toast over it.
 */
export function useSimulation() {
  const [state, setState] = useState<SimulationState>({ kind: 'idle' })
  const attempt = useRef(0)
  const run = useCallback(async (input: SimulateInput): Promise<Simulation | null> => {
    const mine = ++attempt.current
    setState({ kind: 'running' })
    const result = await callHub(topicSimulate, input, { quiet: true })
    if (mine !== attempt.current) return null
    setState(result.ok ? { kind: 'done', simulation: result.data } : { kind: 'failed', message: result.message })
    return result.ok ? result.data : null
  }, [])
  const reset = useCallback(() => {
    attempt.current++
    setState({ kind: 'idle' })
  }, [])
  return { state, run, reset }
}
