import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { producerRunNow, producerRuns, producerSchedules } from '../../../../../shared/contract/datahub/schedule'
import { useHubMutation } from '../../../../api/query'
import { showToast } from '../../../../api/signals'

/**
 * "Run now": a run outside the schedule. Its refusals (no schedule job, job not started, a run in
 * progress) come as the error policy's toast, like every refusal; a start says so and refreshes
 * every run list and last-run line shown.
 */
export function useRunNow() {
  const { t } = useTranslation()
  const { run, pending } = useHubMutation(producerRunNow, { invalidates: [producerRuns, producerSchedules] })
  const start = useCallback(
    async (id: string): Promise<boolean> => {
      const r = await run({ id })
      if (r.ok) showToast({ intent: 'success', message: t('runs:run_started') })
      return r.ok
    },
    [run, t],
  )
  return { start, pending }
}
