import { useTranslation } from 'react-i18next'
import { Field, makeStyles, Select, tokens } from '@fluentui/react-components'
import { applicationListAll } from '../../../../shared/contract/platform/apps/applications'
import { useHubQuery } from '../../../api/query'
import { appLabel } from './sources'

const useStyles = makeStyles({
  root: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM },
  select: { width: '320px' },
})

/**
 * The application the modules, APIs and groups screens show (spec: "filter by application", a
 * select of /application/listAll). '' shows every application's records.
 */
export function AppFilter({ value, onChange }: { value: string; onChange: (appCode: string) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const apps = useHubQuery(applicationListAll, {}).data ?? []
  return (
    <div className={styles.root}>
      <Field label={t('apps:filter_app')} orientation="horizontal">
        <Select className={styles.select} value={value} onChange={(_, d) => onChange(d.value)}>
          <option value="">{t('widgets:any')}</option>
          {apps.map((a) => (
            <option key={a.code} value={a.code}>
              {appLabel(a)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  )
}
