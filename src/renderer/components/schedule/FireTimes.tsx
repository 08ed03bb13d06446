import { useTranslation } from 'react-i18next'
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { formatInstant, sameZone, userTimeZone } from '../localTime'
import { LabeledGroup } from './LabeledGroup'
import type { SchedulePreview } from './useSchedulePreview'

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hubTime: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS },
  note: { display: 'block', color: tokens.colorNeutralForeground3, marginTop: tokens.spacingVerticalXS },
  refused: { display: 'block', color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
})

/**
 * Under the schedule widget: the next five fires of the schedule being edited, in the operator's
 * language and time zone (with the hub's clock beside each when the hub plans in another zone),
 * or the hub's refusal of a schedule that never fires.
 */
export function FireTimes({ preview }: { preview: SchedulePreview }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const { fires, timeZone, neverFires, pending } = preview
  const mine = userTimeZone()
  const otherZone = timeZone != null && !sameZone(timeZone, mine) ? timeZone : null
  return (
    <LabeledGroup label={t('runs:next_fires')}>
      {neverFires ? (
        <Text className={styles.refused} role="alert">
          {neverFires}
        </Text>
      ) : fires.length > 0 ? (
        <>
          <ol className={styles.list} aria-label={t('runs:next_fires')} aria-busy={pending}>
            {fires.map((iso) => (
              <li key={iso}>
                <Text>{formatInstant(iso, i18n.language, { weekday: true })}</Text>
                {otherZone && <Text className={styles.hubTime}>{t('runs:hub_clock', { time: formatInstant(iso, i18n.language, { timeZone: otherZone, weekday: true }) })}</Text>}
              </li>
            ))}
          </ol>
          <Text size={200} className={styles.note}>
            {otherZone ? t('runs:zone_differs', { mine, hub: otherZone }) : t('runs:zone_same', { zone: mine })}
          </Text>
        </>
      ) : pending ? (
        <Spinner size="tiny" label={t('runs:fires_loading')} labelPosition="after" />
      ) : (
        <Text className={styles.muted}>{t('runs:fires_unknown')}</Text>
      )}
    </LabeledGroup>
  )
}
