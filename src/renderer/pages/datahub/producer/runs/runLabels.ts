import type { BadgeProps } from '@fluentui/react-components'
import type { Run, RunState } from '../../../../../shared/contract/datahub/schedule'

/** A run's state badge: colour (Fluent's named colours, no raw ones) and text key. */
export const RUN_STATE_COLOR: Record<RunState, NonNullable<BadgeProps['color']>> = {
  running: 'brand',
  succeeded: 'success',
  failed: 'danger',
  retrying: 'warning',
  cancelled: 'subtle',
}
export const runStateKey = (state: RunState): string => `runs:state_${state}`
export const runTriggerKey = (trigger: Run['trigger']): string => `runs:trigger_${trigger}`
export const pagingStopKey = (reason: Exclude<Run['pagingStop'], ''>): string => `runs:paging_stop_${reason}`

/** States in which a run still changes (its counts grow, or it tries again): the views keep asking. */
export const isLive = (state: RunState): boolean => state === 'running' || state === 'retrying'

/** How often a view showing a live run asks again. */
export const LIVE_RUN_REFRESH_MS = 2000
