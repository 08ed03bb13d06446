import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components'
import { roleQuery } from '../../../../shared/contract/platform/admin/roles'
import { userListRoles, userSetRoles, type Employee } from '../../../../shared/contract/platform/admin/users'
import { callHub } from '../../../api/hub'
import { useHubLoad } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { pickName } from '../../../components/LocalName'

/** Largest page the console asks for: every role fits (a platform has tens, not thousands). */
const ALL_ROLES = { pageNum: 1, pageSize: 1000 }

/** The roles of one user as checkboxes; abnormal roles cannot be newly given (spec §4). */
export function UserRolesDialog({ user, onClose, onSaved }: { user: Employee; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation()
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [message, setMessage] = useState<string | null>(null)
  // Both lists at once; without the roles the dialog shows none (the failure was toasted).
  const loaded = useHubLoad(
    [roleQuery, userListRoles],
    user.id,
    async () => {
      const [all, own] = await Promise.all([callHub(roleQuery, ALL_ROLES), callHub(userListRoles, { userId: user.id })])
      return { ok: true, message: '', data: { roles: all.ok ? all.data.content : [], own: own.ok ? own.data : null } }
    },
    { onLoaded: ({ own }) => own && setChosen(new Set(own.map((r) => r.id))) },
  )
  const roles = loaded.data?.roles ?? null
  const save = async () => {
    const r = await callHub(userSetRoles, { userId: user.id, roleIds: [...chosen] }, { quiet: true })
    if (!r.ok) return setMessage(r.message)
    showToast({ intent: 'success', message: t('messages:msg_success') })
    onSaved()
  }
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('admin:user_roles_title', { name: user.username })}</DialogTitle>
          <DialogContent>
            {message && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{message}</MessageBarBody>
              </MessageBar>
            )}
            {!roles ? (
              <Spinner size="small" label={t('widgets:loading')} />
            ) : (
              <div role="group" aria-label={t('admin:user_roles')}>
                {roles.map((r) => (
                  <div key={r.id}>
                    <Checkbox
                      label={`${pickName(i18n.language, r.roleName, r.roleNameEn)} (${r.roleCode})`}
                      checked={chosen.has(r.id)}
                      disabled={r.status !== '1' && !chosen.has(r.id)}
                      onChange={(_, d) => setChosen((c) => {
                        const next = new Set(c)
                        if (d.checked === true) next.add(r.id)
                        else next.delete(r.id)
                        return next
                      })}
                    />
                  </div>
                ))}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button appearance="primary" disabled={!roles} onClick={() => void save()}>
              {t('common:save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
