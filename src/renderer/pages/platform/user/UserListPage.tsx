import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, tokens } from '@fluentui/react-components'
import { employeeQuery, employeeResetPassword, employeeSetSysOrButler, type Employee } from '../../../../shared/contract/platform/admin/users'
import { callHub } from '../../../api/hub'
import { invalidate, useHubMutation } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import { TransferButtons } from '../../../admin/TransferButtons'
import { useCan } from '../../../admin/usePermission'
import { USER_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { useConfirm } from '../../../components/useConfirm'
import type { PageProps } from '../../pageTypes'
import { userResource } from './userResource'
import { UserRolesDialog } from './UserRolesDialog'

/**
 * Users (menu route UserList): the employee list as a resource, plus roles, password reset
 * (a generated password shown once) and the administrator flag.
 */
export default function UserListPage(_: PageProps) {
  const { t } = useTranslation()
  const { confirm, dialog } = useConfirm()
  const [rolesOf, setRolesOf] = useState<Employee | null>(null)
  const [password, setPassword] = useState<{ user: string; password: string } | null>(null)
  // Each change below makes the user list stale: it asks again by itself.
  const setSysOrButler = useHubMutation(employeeSetSysOrButler, { invalidates: [employeeQuery] })
  const can = useCan()
  const definition = useMemo(
    () =>
      userResource({
        editRoles: setRolesOf,
        resetPassword: async (user) => {
          if (!(await confirm({ title: t('admin:user_reset_password'), message: t('admin:user_reset_confirm', { name: user.username }) }))) return
          const r = await callHub(employeeResetPassword, { id: user.id })
          if (r.ok && r.data.password) setPassword({ user: user.username, password: r.data.password })
        },
        toggleAdmin: async (user) => {
          const value = user.isSys === '1' ? '0' : '1'
          if (!(await confirm({ title: t('admin:user_toggle_admin'), message: t(value === '1' ? 'admin:user_admin_on_confirm' : 'admin:user_admin_off_confirm', { name: user.username }) }))) return
          const r = await setSysOrButler.run({ id: user.id, kind: 'sys', value })
          if (r.ok) showToast({ intent: 'success', message: t('messages:msg_success') })
        },
      }),
    [confirm, t, setSysOrButler.run],
  )
  return (
    <ResourceListPage
      definition={definition}
      header={
        // User roles travel in their own sheet (username, role code), beside the users': the buttons name which.
        <div role="group" aria-label={t('admin:user_roles_transfer')} style={{ display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS }}>
          <TransferButtons kind="userRole" canImport={can(USER_PERMISSION)} onImported={() => invalidate(employeeQuery)} />
        </div>
      }
    >
      {rolesOf && (
        <UserRolesDialog
          user={rolesOf}
          onClose={() => setRolesOf(null)}
          onSaved={() => {
            setRolesOf(null)
            invalidate(employeeQuery)
          }}
        />
      )}
      {password && (
        <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && setPassword(null)}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('admin:user_reset_password')}</DialogTitle>
              <DialogContent>
                <Text>{t('admin:user_new_password', { name: password.user })}</Text>
                <pre aria-label={t('admin:password')}>{password.password}</pre>
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => setPassword(null)}>
                  {t('common:close')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
      {dialog}
    </ResourceListPage>
  )
}
