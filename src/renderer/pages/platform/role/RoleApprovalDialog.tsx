import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, makeStyles, MessageBar, MessageBarBody, Select, Spinner, Switch, Text, tokens } from '@fluentui/react-components'
import { processListLatest, roleApprovalList, roleApprovalSave } from '../../../../shared/contract/approvals/processes'
import type { Role } from '../../../../shared/contract/platform/admin/roles'
import { callHub } from '../../../api/hub'
import { invalidate, useHubQuery } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { ToolDialog } from '../../../components/ToolDialog'

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground3 },
})

/**
 * A role's change approval (issue 19): when on, its users' changes of topics, producers,
 * consumers, data sources and gateway routes are submitted to the chosen process instead of
 * applied. Only deployed processes can be chosen (each key's newest version runs new requests);
 * the hub refuses switching on without one (msg_process_not_deployed).
 */
export function RoleApprovalDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [values, setValues] = useState({ enabled: false, processKey: '' })
  const entries = useHubQuery(roleApprovalList, {}, {
    onLoaded: (list) => {
      const mine = list.find((e) => e.roleId === role.id)
      if (mine) setValues({ enabled: mine.enabled === '1', processKey: mine.processKey })
    },
  })
  const processes = useHubQuery(processListLatest, {})
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const title = t('workflow:role_approval_title', { name: role.roleName })

  async function save() {
    setMessage(null)
    setSaving(true)
    const r = await callHub(roleApprovalSave, { roleId: role.id, enabled: values.enabled ? '1' : '0', processKey: values.processKey }, { quiet: true })
    setSaving(false)
    if (!r.ok) return setMessage(r.message)
    showToast({ intent: 'success', message: t('messages:msg_success') })
    invalidate(roleApprovalList)
    onClose()
  }

  return (
    <ToolDialog title={title} size="medium" onClose={onClose} closeLabel={t('common:cancel')} confirm={{ label: t('common:save'), disabled: entries.loading }} form={{ label: title, onSubmit: () => void save() }} busy={saving}>
      {entries.loading && <Spinner size="tiny" label={t('widgets:loading')} />}
      <Text className={styles.hint}>{t('workflow:role_approval_hint')}</Text>
      <Switch label={t('workflow:role_approval_enabled')} checked={values.enabled} onChange={(_, d) => setValues((v) => ({ ...v, enabled: d.checked }))} />
      <Field label={t('workflow:role_approval_process')} required={values.enabled} hint={(processes.data ?? []).length === 0 ? t('workflow:role_approval_none_deployed') : undefined}>
        <Select value={values.processKey} onChange={(_, d) => setValues((v) => ({ ...v, processKey: d.value }))}>
          <option value="">{t('workflow:role_approval_choose')}</option>
          {(processes.data ?? []).map((p) => (
            <option key={p.processKey} value={p.processKey}>
              {p.name} ({p.processKey} {t('workflow:version_n', { n: p.deployVersion })})
            </option>
          ))}
        </Select>
      </Field>
      {message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
    </ToolDialog>
  )
}
