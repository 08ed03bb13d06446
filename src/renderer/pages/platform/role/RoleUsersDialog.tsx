import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, makeStyles, MessageBar, MessageBarBody, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { roleDeleteRoleUser, roleGetRoleUsers, roleGetUnbindUsers, roleSaveRoleUser, type Role } from '../../../../shared/contract/platform/admin/roles'
import { callHub } from '../../../api/hub'
import { invalidate, useHubQuery } from '../../../api/query'
import { PaginationBar, type PageChange } from '../../../components/pagination/PaginationBar'

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
})

type UserRow = { id: string; username: string; nickName: string; status: string }

/** One side of the membership: bound users (to remove) or unbound normal users (to add). */
function UserPicker({ roleId, bound, onDone }: { roleId: string; bound: boolean; onDone: (message: string | null) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [page, setPage] = useState<PageChange>({ pageNum: 1, pageSize: 10 })
  const [username, setUsername] = useState('')
  const [picked, setPicked] = useState<Set<string>>(new Set())
  // Each new page of users starts with nothing ticked.
  const listed = useHubQuery(bound ? roleGetRoleUsers : roleGetUnbindUsers, { roleId, ...page, ...(username ? { username } : {}) }, { onLoaded: () => setPicked(new Set()) }).data
  const rows: UserRow[] = listed?.content ?? []
  const total = listed?.totalElements ?? 0
  const act = async () => {
    const r = await callHub(bound ? roleDeleteRoleUser : roleSaveRoleUser, { roleId, userIds: [...picked] }, { quiet: true })
    onDone(r.ok ? null : r.message)
    // Both sides ask again whatever the answer: a refusal may mean the membership changed elsewhere.
    invalidate(roleGetRoleUsers, roleGetUnbindUsers)
  }
  const label = t(bound ? 'admin:role_users_bound' : 'admin:role_users_unbound')
  return (
    <section aria-label={label} className={styles.body}>
      <div className={styles.row}>
        <Input aria-label={t('admin:username')} placeholder={t('admin:username')} value={username} onChange={(_, d) => setUsername(d.value)} />
        <Button appearance="primary" disabled={picked.size === 0} onClick={() => void act()}>
          {t(bound ? 'admin:role_users_remove' : 'admin:role_users_add')}
        </Button>
      </div>
      <Table size="small" aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell />
            <TableHeaderCell>{t('admin:username')}</TableHeaderCell>
            <TableHeaderCell>{t('admin:nick_name')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((u) => (
            <TableRow key={u.id}>
              <TableCell>
                <Checkbox
                  aria-label={u.username}
                  checked={picked.has(u.id)}
                  onChange={(_, d) => setPicked((p) => {
                    const next = new Set(p)
                    if (d.checked === true) next.add(u.id)
                    else next.delete(u.id)
                    return next
                  })}
                />
              </TableCell>
              <TableCell>{u.username}</TableCell>
              <TableCell>{u.nickName}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PaginationBar total={total} pageNum={page.pageNum} pageSize={page.pageSize} onChange={setPage} />
    </section>
  )
}

/** The users of a role: remove bound ones, add normal users (spec §4: normal roles and users only). */
export function RoleUsersDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation()
  const [message, setMessage] = useState<string | null>(null)
  const done = useCallback((m: string | null) => setMessage(m), [])
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: '900px', width: '88vw' }}>
        <DialogBody>
          <DialogTitle>{t('admin:role_users_title', { name: role.roleName })}</DialogTitle>
          <DialogContent>
            {message && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{message}</MessageBarBody>
              </MessageBar>
            )}
            <UserPicker roleId={role.id} bound onDone={done} />
            <UserPicker roleId={role.id} bound={false} onDone={done} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
