import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, Input, makeStyles, Select } from '@fluentui/react-components'
import { topicListTags } from '../../../../shared/contract/datahub/topic'
import { useHubQuery } from '../../../api/query'
import { DictionarySelect } from '../../../components/DictionarySelect'
import { SearchForm } from '../../../components/SearchForm'
import { EMPTY_QUERY, type TopicQuery } from './useTopicPage'

const useStyles = makeStyles({ field: { width: '200px' } })

/** Topic search (spec §2 search form): code, name, tag (from the tags in use), status. */
export function TopicSearchForm({ onSearch, busy }: { onSearch: (q: TopicQuery) => void; busy: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [draft, setDraft] = useState<TopicQuery>(EMPTY_QUERY)
  // Only offers choices: without the list the tag filter just stays at "all" (failure logged).
  // Asked again after every topic list load (useTopicPage invalidates it).
  const tags = useHubQuery(topicListTags, undefined, { quiet: true }).data ?? []
  const set = (k: keyof TopicQuery) => (v: string) => setDraft((d) => ({ ...d, [k]: v }))
  return (
    <SearchForm
      label={t('topic:search_label')}
      busy={busy}
      onSearch={() => onSearch(draft)}
      onReset={() => {
        setDraft(EMPTY_QUERY)
        onSearch(EMPTY_QUERY)
      }}
    >
      <Field className={styles.field} label={t('topic:field_code')}>
        <Input value={draft.code} onChange={(_, d) => set('code')(d.value)} />
      </Field>
      <Field className={styles.field} label={t('topic:field_name')}>
        <Input value={draft.name} onChange={(_, d) => set('name')(d.value)} />
      </Field>
      <Field className={styles.field} label={t('topic:field_tags')}>
        <Select value={draft.tag} onChange={(_, d) => set('tag')(d.value)}>
          <option value="">{t('widgets:any')}</option>
          {tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('topic:field_status')}>
        <DictionarySelect dictType="sys_status" value={draft.status} placeholder={t('widgets:any')} onChange={set('status')} />
      </Field>
    </SearchForm>
  )
}
