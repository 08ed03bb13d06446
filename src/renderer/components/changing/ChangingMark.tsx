import { useTranslation } from 'react-i18next'
import { Badge, Tooltip } from '@fluentui/react-components'
import { LockClosedRegular } from '@fluentui/react-icons'
import type { ChangeObjectType } from '../../../shared/rules/approvals/process'
import { useChangingMark } from './changingMarks'

/**
 * The "changing" badge of an object with a change under review (spec: "data currently changing
 * cannot be changed again"): its tooltip says who submitted it and that edits are refused until
 * the change is approved, rejected or undone on the workbench. Nothing when it is not changing.
 */
export function ChangingMark({ objectType, objectId }: { objectType: ChangeObjectType; objectId: string | undefined }) {
  const { t } = useTranslation()
  const mark = useChangingMark(objectType, objectId)
  if (!mark) return null
  return (
    <Tooltip relationship="description" content={t('workflow:changing_hint', { submitter: mark.submitterName })}>
      <Badge appearance="tint" color="warning" size="small" icon={<LockClosedRegular />} data-testid="changing-mark" tabIndex={0}>
        {t('workflow:changing')}
      </Badge>
    </Tooltip>
  )
}
