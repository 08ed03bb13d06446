import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Body1Strong, Button, Caption1, makeStyles, tokens } from '@fluentui/react-components'
import type { HubProfile, ProfileTest } from '../../../shared/ipc'
import { invoke } from '../../bridge/desktop'
import { profileLabel } from '../../state/profileLabel'
import { TestResult } from './TestResult'

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  address: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
})

export interface ProfileRowProps {
  profile: HubProfile
  current: boolean
  busy: boolean
  onEdit: () => void
  onRemove: () => void
  onSwitch: () => void
}

/** One profile: name, address, the current mark, and its actions (named per profile for screen readers). */
export function ProfileRow({ profile, current, busy, onEdit, onRemove, onSwitch }: ProfileRowProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [test, setTest] = useState<ProfileTest | null>(null)
  const [testing, setTesting] = useState(false)
  const name = profileLabel(profile, t)
  const remote = profile.kind === 'remote'
  // A profile IT set in the machine's policy file is tested and chosen, never edited or removed here.
  const editable = remote && profile.managed !== true

  async function onTest() {
    if (!profile.baseUrl) return
    setTesting(true)
    setTest(await invoke('profiles.test', { baseUrl: profile.baseUrl }))
    setTesting(false)
  }

  return (
    <li className={styles.row} aria-label={name} aria-current={current ? 'true' : undefined}>
      <div className={styles.head}>
        <div className={styles.text}>
          <Body1Strong>{name}</Body1Strong>
          <Caption1 className={styles.address}>{profile.baseUrl ?? t('profiles:embedded_address')}</Caption1>
        </div>
        {profile.managed && (
          <Badge appearance="outline" color="informative" title={t('profiles:managed_hint')}>
            {t('profiles:managed')}
          </Badge>
        )}
        {current && (
          <Badge appearance="tint" color="brand">
            {t('profiles:current')}
          </Badge>
        )}
      </div>
      <div className={styles.actions}>
        {/* The embedded hub is tested by the home page's health card; only remote ones here. */}
        {remote && (
          <Button size="small" disabled={testing} aria-label={t('profiles:test_named', { name })} onClick={() => void onTest()}>
            {t('profiles:test')}
          </Button>
        )}
        {!current && (
          <Button size="small" appearance="primary" disabled={busy} aria-label={t('profiles:switch_named', { name })} onClick={onSwitch}>
            {t('profiles:switch')}
          </Button>
        )}
        {editable && (
          <Button size="small" disabled={busy} aria-label={t('profiles:edit_named', { name })} onClick={onEdit}>
            {t('profiles:edit')}
          </Button>
        )}
        {editable && (
          <Button size="small" disabled={busy} aria-label={t('profiles:remove_named', { name })} onClick={onRemove}>
            {t('profiles:remove')}
          </Button>
        )}
      </div>
      {test && <TestResult result={test} />}
    </li>
  )
}
