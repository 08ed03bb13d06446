import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Checkbox, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens, Tooltip } from '@fluentui/react-components'
import { ArrowLeftRegular, SaveRegular, ShieldKeyholeRegular } from '@fluentui/react-icons'
import { roleResAuthGet, roleResAuthSave } from '../../../../shared/contract/platform/admin/roles'
import { reachesAccounts, ROLE_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import type { MenuItem } from '../../../../shared/contract/platform/startup'
import { callHub } from '../../../api/hub'
import { useHubQuery } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { useCan } from '../../../admin/usePermission'
import { menuName } from '../../../routing/menuRoutes'
import { grantState, toggleGrant } from './grants'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  tree: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
})

/** The mark of a code that reaches other people's accounts (ACCOUNT_REACHING_PERMISSIONS): a badge explained by its tooltip. */
function SensitiveMark() {
  const { t } = useTranslation()
  return (
    <Tooltip content={t('admin:auth_sensitive_tip')} relationship="description" withArrow>
      <Badge appearance="tint" color="warning" size="small" icon={<ShieldKeyholeRegular />} tabIndex={0} data-testid="permission-sensitive">
        {t('admin:auth_sensitive')}
      </Badge>
    </Tooltip>
  )
}

export interface RoleRef {
  roleId: string
  roleCode: string
  roleName: string
}

function MenuBranch({ items, depth, render }: { items: readonly MenuItem[]; depth: number; render: (item: MenuItem, depth: number) => ReactNode }) {
  return <>{items.map((item) => [render(item, depth), <MenuBranch key={`${item.id}-children`} items={item.children} depth={depth + 1} render={render} />])}</>
}

/**
 * The role authorisation screen (spec: route RoleResAuthList with roleId, roleCode, roleName):
 * the whole menu tree with a checkbox per item, saved as the role's permission codes. Granting
 * a menu also grants its calls (they carry the menu's code). A code that reaches other people's
 * accounts (shared ACCOUNT_REACHING_PERMISSIONS) carries a "sensitive" mark.
 */
export function RoleResAuth({ role, onBack }: { role: RoleRef; onBack: () => void }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const can = useCan()
  const [granted, setGranted] = useState<Set<string>>(new Set())
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  // The answer seeds the ticks the user then changes.
  const loaded = useHubQuery(roleResAuthGet, { roleId: role.roleId }, { onLoaded: (d) => setGranted(new Set(d.permissions)) }).data
  const menus = loaded?.menus ?? null
  const locked = loaded?.role.isSys === '1'

  const all = useMemo(() => {
    const codes: string[] = []
    const walk = (items: readonly MenuItem[]) => items.forEach((m) => (m.permission && codes.push(m.permission), walk(m.children)))
    walk(menus ?? [])
    return codes
  }, [menus])
  const readOnly = locked || !can(ROLE_PERMISSION) || saving

  async function save() {
    setMessage(null)
    setSaving(true)
    const r = await callHub(roleResAuthSave, { roleId: role.roleId, permissions: [...granted] }, { quiet: true })
    setSaving(false)
    if (!r.ok) return setMessage(r.message)
    setGranted(new Set(r.data.permissions))
    showToast({ intent: 'success', message: t('messages:msg_success') })
  }

  return (
    <section className={styles.root} aria-label={t('admin:auth_title', { name: role.roleName })}>
      <div className={styles.toolbar}>
        <Button icon={<ArrowLeftRegular />} onClick={onBack}>
          {t('widgets:back')}
        </Button>
        <Text weight="semibold">{t('admin:auth_title', { name: role.roleName })}</Text>
        <Text className={styles.muted}>{role.roleCode}</Text>
        <Button onClick={() => setGranted(new Set(all))} disabled={readOnly || !menus}>
          {t('admin:auth_all')}
        </Button>
        <Button onClick={() => setGranted(new Set())} disabled={readOnly || !menus}>
          {t('admin:auth_none')}
        </Button>
        <Button appearance="primary" icon={<SaveRegular />} onClick={() => void save()} disabled={readOnly || !menus}>
          {t('common:save')}
        </Button>
      </div>
      {locked && (
        <MessageBar intent="info">
          <MessageBarBody>{t('admin:auth_builtin')}</MessageBarBody>
        </MessageBar>
      )}
      {message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      {!menus ? (
        <Spinner size="small" label={t('widgets:loading')} />
      ) : (
        <div role="group" aria-label={t('admin:auth_tree')} className={styles.tree}>
          <MenuBranch
            items={menus}
            depth={0}
            render={(item, depth) => (
              <div key={item.id} className={styles.item} style={{ paddingLeft: `calc(${tokens.spacingHorizontalXL} * ${depth})` }}>
                <Checkbox
                  label={menuName(item, i18n.language)}
                  checked={grantState(item, granted)}
                  disabled={readOnly || !item.permission}
                  onChange={(_, d) => setGranted(toggleGrant(menus, granted, item, d.checked === true || d.checked === 'mixed'))}
                />
                {reachesAccounts(item.permission) && <SensitiveMark />}
              </div>
            )}
          />
        </div>
      )}
    </section>
  )
}
