import { useTranslation } from 'react-i18next'
import { Badge } from '@fluentui/react-components'
import type { SubjectState as State } from '../../../../shared/rules/approvals/process'

const COLOURS = { reviewing: 'warning', approved: 'success', rejected: 'danger', undone: 'informative' } as const

/** The spec's review statuses (reviewing, approved, rejected) and undone, named and coloured (not by colour alone). */
export function SubjectState({ state }: { state: State }) {
  const { t } = useTranslation()
  return (
    <Badge appearance="tint" color={COLOURS[state]} size="small">
      {t(`messages:msg_subject_state_${state}`)}
    </Badge>
  )
}
