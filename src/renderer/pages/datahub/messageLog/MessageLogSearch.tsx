import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, Input, makeStyles, Select } from '@fluentui/react-components'
import { MESSAGE_STATUS_FILTERS, type MessageStatusFilter } from '../../../../shared/rules/datahub/runtime'
import { DateRangeDropdown } from '../../../components/dateRange/DateRangeDropdown'
import { SearchForm } from '../../../components/SearchForm'
import { initialQuery, type MessageQuery } from './messageQuery'
import { statusKey } from './statusLabels'
import { useConsumerChoices, useTopicChoices } from './useTopicChoices'

const useStyles = makeStyles({
  field: {
    width: '220px',
    // A long topic or consumer name must not widen its select past the field, under the next one:
    // the field's grid and the select's flex box otherwise keep the longest option's width.
    '& > .fui-Select, & select': { minWidth: 0 },
  },
})

/**
 * The message log's search form: topic, time of receipt, state, consumer (of the topic), content.
 * Reset searches the fresh criteria (`onReset`, else `onSearch`).
 */
export function MessageLogSearch({ initial, onSearch, onReset, busy }: { initial: MessageQuery; onSearch: (q: MessageQuery) => void; onReset?: (q: MessageQuery) => void; busy: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [draft, setDraft] = useState<MessageQuery>(initial)
  const topics = useTopicChoices()
  const consumers = useConsumerChoices(draft.topicCode)
  const set = <K extends keyof MessageQuery>(k: K, v: MessageQuery[K]) => setDraft((d) => ({ ...d, [k]: v }))
  return (
    <SearchForm
      label={t('runtime:search_label')}
      busy={busy}
      onSearch={() => onSearch(draft)}
      onReset={() => {
        const fresh = initialQuery()
        setDraft(fresh)
        const searchFresh = onReset ?? onSearch
        searchFresh(fresh)
      }}
    >
      <Field className={styles.field} label={t('runtime:field_topic')}>
        {/* A new topic has other consumers: the consumer choice starts over. */}
        <Select value={draft.topicCode} onChange={(_, d) => setDraft((q) => ({ ...q, topicCode: d.value, consumerId: '' }))}>
          <option value="">{t('widgets:any')}</option>
          {/* A code given by a link may not be in the list (yet): keep it selectable. */}
          {draft.topicCode && !topics.some((c) => c.value === draft.topicCode) && <option value={draft.topicCode}>{draft.topicCode}</option>}
          {topics.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <DateRangeDropdown label={t('runtime:field_received')} value={draft.period} onChange={(v) => set('period', v)} />
      <Field className={styles.field} label={t('runtime:field_status')}>
        <Select value={draft.status} onChange={(_, d) => set('status', d.value as MessageStatusFilter | '')}>
          <option value="">{t('widgets:any')}</option>
          {MESSAGE_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(statusKey(s))}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('runtime:field_consumer')} hint={draft.topicCode ? undefined : t('runtime:consumer_needs_topic')}>
        <Select value={draft.consumerId} disabled={!draft.topicCode} onChange={(_, d) => set('consumerId', d.value)}>
          <option value="">{t('widgets:any')}</option>
          {consumers.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('runtime:field_content')}>
        <Input value={draft.content} maxLength={200} placeholder={t('runtime:content_placeholder')} onChange={(_, d) => set('content', d.value)} />
      </Field>
    </SearchForm>
  )
}
