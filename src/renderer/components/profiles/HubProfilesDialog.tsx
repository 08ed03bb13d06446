import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import type { HubProfile, ProfilePolicy } from '../../../shared/ipc'
import { invoke } from '../../bridge/desktop'
import { loadAppInfo } from '../../state/appInfo'
import { profileLabel } from '../../state/profileLabel'
import { switchProfile } from '../../state/profiles'
import { useConfirm } from '../useConfirm'
import { ProfileEditor } from './ProfileEditor'
import { ProfileRow } from './ProfileRow'

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
})

/** 'list', or the editor for a new profile (null) or an existing one. */
type View = { kind: 'list' } | { kind: 'edit'; profile: HubProfile | null }

/**
 * The hub profiles: pick, add, edit, test, remove. Opened from the user menu and from the login
 * page (a hub must be choosable before signing in). Switching lands on the new hub's login view.
 */
export function HubProfilesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const { confirm, dialog } = useConfirm()
  const [view, setView] = useState<View>({ kind: 'list' })
  const [list, setList] = useState<{ profiles: HubProfile[]; currentId: string; policy: ProfilePolicy } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const refresh = useCallback(async () => setList(await invoke('profiles.list', undefined)), [])
  useEffect(() => {
    if (!open) return
    setView({ kind: 'list' })
    setError(null)
    void refresh()
  }, [open, refresh])

  async function onRemove(profile: HubProfile) {
    const name = profileLabel(profile, t)
    const yes = await confirm({ title: t('profiles:remove_title'), message: t('profiles:remove_confirm', { name }), confirmLabel: t('profiles:remove') })
    if (!yes) return
    setBusy(true)
    const wasCurrent = list?.currentId === profile.id
    const r = await invoke('profiles.remove', { id: profile.id })
    setBusy(false)
    setError(r.ok ? null : r.message)
    await refresh()
    // Removing the current hub falls back to the embedded one: the login view must say so.
    if (r.ok && wasCurrent) await loadAppInfo()
  }

  async function onSwitch(profile: HubProfile) {
    setBusy(true)
    const r = await switchProfile(profile.id)
    setBusy(false)
    if (!r.ok) return setError(r.message)
    onClose()
    navigate('/login', { replace: true })
  }

  const editorDone = () => {
    setView({ kind: 'list' })
    void refresh()
  }

  return (
    <>
      <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{view.kind === 'list' ? t('profiles:title') : t(view.profile ? 'profiles:edit_title' : 'profiles:add_title')}</DialogTitle>
            <DialogContent className={styles.body}>
              {view.kind === 'edit' ? (
                <ProfileEditor profile={view.profile} onDone={editorDone} />
              ) : (
              <>
                  <Caption1 className={styles.hint}>{t('profiles:switch_hint')}</Caption1>
                  {list?.policy.locked && (
                    <MessageBar intent="info">
                      <MessageBarBody>{t('profiles:locked_hint')}</MessageBarBody>
                    </MessageBar>
                  )}
                  {list?.policy.error && (
                    <MessageBar intent="warning">
                      <MessageBarBody>{t('profiles:policy_error', { reason: list.policy.error })}</MessageBarBody>
                    </MessageBar>
                  )}
                  {error && (
                    <MessageBar intent="error" role="alert">
                      <MessageBarBody>{error}</MessageBarBody>
                    </MessageBar>
                  )}
                  <ul className={styles.list} aria-label={t('profiles:list_label')}>
                    {list?.profiles.map((p) => (
                      <ProfileRow
                        key={p.id}
                        profile={p}
                        current={p.id === list.currentId}
                        busy={busy}
                        onEdit={() => setView({ kind: 'edit', profile: p })}
                        onRemove={() => void onRemove(p)}
                        onSwitch={() => void onSwitch(p)}
                      />
                    ))}
                  </ul>
              </>
              )}
            </DialogContent>
            {view.kind === 'list' && (
              <DialogActions>
                {!list?.policy.locked && (
                  <Button icon={<AddRegular />} onClick={() => setView({ kind: 'edit', profile: null })}>
                    {t('profiles:add')}
                  </Button>
                )}
                <Button appearance="primary" onClick={onClose}>
                  {t('common:close')}
                </Button>
              </DialogActions>
            )}
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {dialog}
    </>
  )
}
