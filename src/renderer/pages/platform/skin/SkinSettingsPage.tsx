import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Field, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Text, tokens } from '@fluentui/react-components'
import { SKIN_PERMISSION } from '../../../../shared/contract/platform/config/permissions'
import { skinSaveDefault } from '../../../../shared/contract/platform/config/skin'
import { isThemeMode, THEME_COLOR_PARAMETER, THEME_MODE_PARAMETER, THEME_MODES, type ThemeMode } from '../../../../shared/rules/theme'
import { useCan } from '../../../admin/usePermission'
import { callHub } from '../../../api/hub'
import { loadParameters, referenceStore } from '../../../state/reference'
import { preferencesStore, setUserSkin } from '../../../state/preferences'
import { sessionStore } from '../../../state/session'
import { useStore } from '../../../state/store'
import { normalizeHex } from '../../../theme/brandRamp'
import { resolveSkin } from '../../../theme/skin'
import type { PageProps } from '../../pageTypes'
import { ColourChoice } from './ColourChoice'
import { SkinPreview } from './SkinPreview'
import { PageTitle } from '../../../components/PageHeading'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
})

type Notice = { intent: 'success' | 'error'; text: string } | null

/**
 * Menu route SkinSettings (平台管理 › 系统配置 › 皮肤管理): a theme colour and a mode, previewed
 * live, then applied to oneself (the user's preference on the hub, which overrides the
 * platform's) or, with the skin permission, made the platform default (theme.color, theme.mode).
 */
export default function SkinSettingsPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const can = useCan()
  const parameters = useStore(referenceStore, (s) => s.parameters)
  const userColor = useStore(sessionStore, (s) => s.user?.preference.themeColor)
  const userTheme = useStore(preferencesStore, (s) => s.theme)
  const platform = { color: parameters[THEME_COLOR_PARAMETER], mode: parameters[THEME_MODE_PARAMETER] }
  const current = resolveSkin(platform, { color: userColor, theme: userTheme })
  const [color, setColor] = useState(current.color)
  const [mode, setMode] = useState<ThemeMode>(current.mode)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice>(null)
  const valid = normalizeHex(color) !== null
  const own = userColor !== undefined || userTheme !== 'default'

  const run = async (work: () => Promise<Notice>) => {
    setBusy(true)
    setNotice(null)
    try {
      setNotice(await work())
    } finally {
      setBusy(false)
    }
  }
  const applyToMe = () => run(async () => ((await setUserSkin({ themeColor: normalizeHex(color)!, theme: mode })) ? { intent: 'success', text: t('config:skin_applied') } : { intent: 'error', text: t('config:skin_failed') }))
  const backToPlatform = () =>
    run(async () => {
      if (!(await setUserSkin({ themeColor: '', theme: 'default' }))) return { intent: 'error', text: t('config:skin_failed') }
      const skin = resolveSkin(platform, { theme: 'default' })
      setColor(skin.color)
      setMode(skin.mode)
      return { intent: 'success', text: t('config:skin_following_platform') }
    })
  const saveDefault = () =>
    run(async () => {
      const r = await callHub(skinSaveDefault, { themeColor: normalizeHex(color)!, themeMode: mode })
      if (!r.ok) return { intent: 'error', text: r.message }
      await loadParameters()
      return { intent: 'success', text: t('config:skin_default_saved') }
    })

  return (
    <div className={styles.root}>
      <PageTitle>{t('config:skin_title')}</PageTitle>
      <Text className={styles.muted}>{own ? t('config:skin_state_own') : t('config:skin_state_platform')}</Text>
      <ColourChoice value={color} onChange={setColor} />
      <Field label={t('config:skin_mode')}>
        <RadioGroup layout="horizontal" value={mode} onChange={(_, d) => isThemeMode(d.value) && setMode(d.value)}>
          {THEME_MODES.map((m) => (
            <Radio key={m} value={m} label={t(`shell:theme_${m}`)} />
          ))}
        </RadioGroup>
      </Field>
      <SkinPreview color={normalizeHex(color) ?? current.color} mode={mode} />
      {notice && (
        <MessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={busy || !valid} onClick={() => void applyToMe()}>
          {t('config:skin_apply_me')}
        </Button>
        {own && (
          <Button disabled={busy} onClick={() => void backToPlatform()}>
            {t('config:skin_use_platform')}
          </Button>
        )}
        {can(SKIN_PERMISSION) && (
          <Button disabled={busy || !valid} onClick={() => void saveDefault()}>
            {t('config:skin_save_default')}
          </Button>
        )}
      </div>
    </div>
  )
}
