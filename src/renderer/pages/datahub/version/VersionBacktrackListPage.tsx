import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, makeStyles, Select, tokens } from '@fluentui/react-components'
import { VERSION_TYPES, type VersionType } from '../../../../shared/contract/platform/versionBacktrack'
import { SearchForm } from '../../../components/SearchForm'
import type { PageProps } from '../../pageTypes'
import { VersionHistory } from './VersionHistory'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  field: { width: '200px' },
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM },
})

/** Version history of every topic, producer and consumer (menu 'datahub.versionBacktrack'), filtered by kind. */
export default function VersionBacktrackListPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [draft, setDraft] = useState<VersionType | ''>('')
  const [typeCode, setTypeCode] = useState<VersionType | ''>('')
  const label = (v: VersionType) => (v === 'topic' ? t('version:type_topic') : v === 'producer' ? t('version:type_producer') : t('version:type_consumer'))
  return (
    <div className={styles.root}>
      <SearchForm
        onSearch={() => setTypeCode(draft)}
        onReset={() => {
          setDraft('')
          setTypeCode('')
        }}
      >
        <Field className={styles.field} label={t('version:col_type')}>
          <Select value={draft} onChange={(_, d) => setDraft(d.value as VersionType | '')}>
            <option value="">{t('widgets:any')}</option>
            {VERSION_TYPES.map((v) => (
              <option key={v} value={v}>
                {label(v)}
              </option>
            ))}
          </Select>
        </Field>
      </SearchForm>
      <div className={styles.panel}>
        <VersionHistory filter={typeCode ? { typeCode } : {}} showRecord />
      </div>
    </div>
  )
}
