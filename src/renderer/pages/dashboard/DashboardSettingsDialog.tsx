import { useTranslation } from 'react-i18next'
import { Checkbox, Input, makeStyles, Text, tokens } from '@fluentui/react-components'
import { dashboardRoles } from '../../../shared/contract/dashboards/dashboards'
import { dashboardFormSchema } from '../../../shared/rules/dashboards/dashboard'
import { useHubQuery } from '../../api/query'
import { FormField } from '../../components/FormField'
import { ToolDialog } from '../../components/ToolDialog'
import { useRuleForm } from '../../components/useRuleForm'

const useStyles = makeStyles({
  roles: { display: 'flex', flexDirection: 'column', maxHeight: '260px', overflowY: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
})

export interface DashboardSettings {
  title: string
  sharedRoles: string[]
}

/**
 * A dashboard's title and who sees it: no role ticked keeps it private (its owner's own), each
 * ticked role's users see it read-only. Saving here only changes the editor's state; the
 * dashboard is saved with its layout (or created, for a new one, by `onDone`).
 */
export function DashboardSettingsDialog({ initial, title, busy, onClose, onDone }: { initial: DashboardSettings; title: string; busy?: boolean; onClose: () => void; onDone: (s: DashboardSettings) => void }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const form = useRuleForm(dashboardFormSchema, { ...initial, layout: [] })
  const roles = useHubQuery(dashboardRoles, {})
  const submit = () => {
    const checked = form.validate()
    if (checked.ok) onDone({ title: checked.data.title, sharedRoles: checked.data.sharedRoles })
  }
  const shared = form.values.sharedRoles
  return (
    <ToolDialog title={title} onClose={onClose} busy={busy} form={{ label: title, onSubmit: submit }} confirm={{ label: t('dashboards:ok') }}>
      <FormField label={t('dashboards:field_title')} errorKey={form.errors.title} required>
        <Input value={form.values.title} onBlur={() => form.onBlur('title')} onChange={(_, d) => form.setValue('title', d.value)} />
      </FormField>
      <FormField label={t('dashboards:field_shared_roles')} hint={shared.length === 0 ? t('dashboards:private_hint') : t('dashboards:shared_hint', { count: shared.length })}>
        <div className={styles.roles} role="group" aria-label={t('dashboards:field_shared_roles')}>
          {(roles.data ?? []).map((r) => (
            <Checkbox
              key={r.code}
              label={`${i18n.language === 'en' && r.nameEn ? r.nameEn : r.name} (${r.code})`}
              checked={shared.includes(r.code)}
              onChange={(_, d) => form.setValue('sharedRoles', d.checked === true ? [...shared, r.code] : shared.filter((c) => c !== r.code))}
            />
          ))}
          {roles.data?.length === 0 && <Text className={styles.muted}>{t('dashboards:no_roles')}</Text>}
        </div>
      </FormField>
    </ToolDialog>
  )
}
