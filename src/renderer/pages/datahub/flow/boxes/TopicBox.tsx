import { useTranslation } from 'react-i18next'
import { makeStyles, tokens } from '@fluentui/react-components'
import { BeakerRegular } from '@fluentui/react-icons'
import { useDictionaryLabel } from '../../../../components/DictionarySelect'
import { useFlowActions } from '../flowActions'
import type { FlowRowModel } from '../flowRow'
import { isRunning } from '../statusTone'
import { useLiveCounts } from '../useLiveCounts'
import { FlowBox } from './FlowBox'
import { LiveCountsLine } from './LiveCountsLine'
import { useBoxActions } from './useBoxActions'
import { ChangingMark } from '../../../../components/changing/ChangingMark'

const ELLIPSE = '14px'
const useStyles = makeStyles({
  // Spec §1: the topic is drawn as a cylinder — rounded ends drawn with tokens, no image.
  cylinder: {
    position: 'relative',
    borderRadius: `50% / ${ELLIPSE}`,
    borderTopWidth: tokens.strokeWidthThin,
    paddingTop: `calc(${ELLIPSE} + ${tokens.spacingVerticalS})`,
    paddingLeft: tokens.spacingHorizontalL,
    paddingRight: tokens.spacingHorizontalL,
    // The lid: the lower half of the top ellipse, drawn as a line across the body.
    '::before': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      top: 0,
      height: `calc(${ELLIPSE} * 2)`,
      borderRadius: '50%',
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
      pointerEvents: 'none',
    },
  },
})

/** The topic cylinder: name, code, status, live counts; in detail mode the distribution type too. */
export function TopicBox({ row, detail }: { row: FlowRowModel; detail: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const distribute = useDictionaryLabel('dh_distribute_type')
  const topic = row.topic
  const running = isRunning('topic', topic.status)
  const flow = useFlowActions()
  const actions = [
    ...useBoxActions('topic', row, undefined, { blank: false, running, editable: true }),
    // The flow simulator: a topic not saved yet has no flow to try.
    { id: 'try', label: t('simulate:action_try'), icon: <BeakerRegular />, disabled: !topic.id, onClick: () => flow.tryMessage(row) },
  ]
  const live = useLiveCounts(topic.id ? topic.code : undefined)
  return (
    <FlowBox
      mark={<ChangingMark objectType="topic" objectId={topic.id || undefined} />}
      className={styles.cylinder}
      label={t('flow:box_topic', { name: topic.name })}
      kindLabel={t('flow:kind_topic')}
      title={topic.name}
      statusLabel={running ? t('flow:status_enabled') : t('flow:status_disabled')}
      running={running}
      details={
        detail
          ? [
              [t('flow:detail_code'), topic.code],
              [t('flow:detail_distribute'), distribute(topic.distributeType)],
            ]
          : [[t('flow:detail_code'), topic.code]]
      }
      actions={actions}
    >
      {topic.id && <LiveCountsLine counts={live?.topic} topicCode={topic.code} />}
    </FlowBox>
  )
}
