import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Field, Input, makeStyles, Select } from '@fluentui/react-components'
import { ALARM_OBJECT_TYPES, type AlarmObjectType } from '../../../shared/rules/alarms/incidents'
import { OUTBOX_CHANNELS, OUTBOX_STATES, type OutboxChannel, type OutboxState } from '../../../shared/rules/alarms/outbox'
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
      <Field className={styles.field} label={t('alarms:field_channel')}>
        <Select value={draft.channel} onChange={(_, d) => set('channel', d.value as OutboxChannel | '')}>
          <option value="">{t('widgets:any')}</option>
          {OUTBOX_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {t(`alarms:channel_${c}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('alarms:field_state')}>
        <Select value={draft.state} onChange={(_, d) => set('state', d.value as OutboxState | '')}>
          <option value="">{t('widgets:any')}</option>
          {OUTBOX_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`alarms:state_${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('alarms:field_object_type')}>
        <Select value={draft.objectType} onChange={(_, d) => set('objectType', d.value as AlarmObjectType | '')}>
          <option value="">{t('widgets:any')}</option>
          {ALARM_OBJECT_TYPES.map((o) => (
            <option key={o} value={o}>
              {t(`alarms:object_${o}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.wide} label={t('alarms:field_object_id')}>
        <Input value={draft.objectId} maxLength={64} onChange={(_, d) => set('objectId', d.value)} />
      </Field>
      {draft.timed && <DateRangeDropdown label={t('alarms:field_created')} value={draft.period} onChange={(v) => set('period', v)} />}
      <Checkbox className={styles.anyTime} label={t('alarms:any_time')} checked={!draft.timed} onChange={(_, d) => set('timed', !d.checked)} />
    </SearchForm>
  )
}
