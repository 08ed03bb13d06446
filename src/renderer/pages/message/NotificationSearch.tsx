import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Field, Input, makeStyles } from '@fluentui/react-components'
import { OUTBOX_CHANNELS, OUTBOX_OBJECT_TYPES, OUTBOX_STATES } from '../../../shared/rules/alarms/outbox'
import { AnySelect } from '../../components/AnySelect'
import { DateRangeDropdown } from '../../components/dateRange/DateRangeDropdown'
import { SearchForm } from '../../components/SearchForm'
import type { NotificationQuery } from './notificationQuery'

const useStyles = makeStyles({ field: { width: '160px' }, wide: { width: '220px' }, anyTime: { alignSelf: 'flex-end' } })

/** The message centre's search form: channel, state, object, time created. Reset searches `fresh`. */
export function NotificationSearch({ initial, fresh, onSearch, busy }: { initial: NotificationQuery; fresh: () => NotificationQuery; onSearch: (q: NotificationQuery) => void; busy: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [draft, setDraft] = useState<NotificationQuery>(initial)
  const set = <K extends keyof NotificationQuery>(k: K, v: NotificationQuery[K]) => setDraft((d) => ({ ...d, [k]: v }))
  return (
    <SearchForm
      label={t('alarms:notification_search')}
      busy={busy}
      onSearch={() => onSearch(draft)}
      onReset={() => {
        const next = fresh()
        setDraft(next)
        onSearch(next)
      }}
    >
      <AnySelect className={styles.field} label={t('alarms:field_channel')} value={draft.channel} values={OUTBOX_CHANNELS} labelOf={(v) => t(`alarms:channel_${v}`)} onChange={(v) => set('channel', v)} />
      <AnySelect className={styles.field} label={t('alarms:field_state')} value={draft.state} values={OUTBOX_STATES} labelOf={(v) => t(`alarms:state_${v}`)} onChange={(v) => set('state', v)} />
      <AnySelect className={styles.field} label={t('alarms:field_object_type')} value={draft.objectType} values={OUTBOX_OBJECT_TYPES} labelOf={(v) => t(`alarms:object_${v}`)} onChange={(v) => set('objectType', v)} />
      <Field className={styles.wide} label={t('alarms:field_object_id')}>
        <Input value={draft.objectId} maxLength={64} onChange={(_, d) => set('objectId', d.value)} />
      </Field>
      {draft.timed && <DateRangeDropdown label={t('alarms:field_created')} value={draft.period} onChange={(v) => set('period', v)} />}
      <Checkbox className={styles.anyTime} label={t('alarms:any_time')} checked={!draft.timed} onChange={(_, d) => set('timed', !d.checked)} />
    </SearchForm>
  )
}
