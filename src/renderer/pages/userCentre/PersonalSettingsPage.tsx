import { useTranslation } from 'react-i18next'
import { Field, Radio, RadioGroup, Switch, Text } from '@fluentui/react-components'
import type { Locale } from '../../../shared/locale'
import { preferencesStore, setIncidentNotifications, setLocale, setTheme, type ThemePreference } from '../../state/preferences'
import { useStore } from '../../state/store'
import { AvatarSection } from './AvatarSection'
import { usePageStyles } from './pageStyles'
import { USER_THEME_CHOICES } from '../../../shared/rules/theme'
import { PageTitle } from '../../components/PageHeading'

const isTheme = (v: string): v is ThemePreference => (USER_THEME_CHOICES as readonly string[]).includes(v)
const isLocale = (v: string): v is Locale => v === 'zh-CN' || v === 'en'

/**
 * User centre › personal settings: avatar, theme and language. Theme and language apply as they
 * are picked and are saved to this machine and to the user's preference (/me/update), the same
 * path as the user menu and the language switch, so the three never disagree. The desktop
 * notifications of new alarms are this computer's, so their switch is kept on this machine only.
 */
export default function PersonalSettingsPage() {
  const { t } = useTranslation()
  const styles = usePageStyles()
  const theme = useStore(preferencesStore, (s) => s.theme)
  const locale = useStore(preferencesStore, (s) => s.locale)
  const incidentNotifications = useStore(preferencesStore, (s) => s.incidentNotifications)
  return (
    <div className={styles.root}>
      <PageTitle>{t('usercentre:settings_title')}</PageTitle>
      <AvatarSection />
      <Field label={t('usercentre:settings_theme')}>
        <RadioGroup layout="horizontal" value={theme} onChange={(_, d) => isTheme(d.value) && void setTheme(d.value)}>
          <Radio value="default" label={t('shell:theme_default')} />
          <Radio value="system" label={t('shell:theme_system')} />
          <Radio value="light" label={t('shell:theme_light')} />
          <Radio value="dark" label={t('shell:theme_dark')} />
        </RadioGroup>
      </Field>
      <Field label={t('usercentre:settings_language')}>
        <RadioGroup layout="horizontal" value={locale} onChange={(_, d) => isLocale(d.value) && void setLocale(d.value)}>
          <Radio value="zh-CN" label={t('usercentre:settings_language_zh')} />
          <Radio value="en" label={t('usercentre:settings_language_en')} />
        </RadioGroup>
      </Field>
      <Text className={styles.muted}>{t('usercentre:settings_saved_hint')}</Text>
      <Field label={t('usercentre:settings_notifications')} hint={t('usercentre:settings_notifications_hint')}>
        <Switch
          checked={incidentNotifications}
          label={t('usercentre:settings_incident_notifications')}
          onChange={(_, d) => void setIncidentNotifications(d.checked)}
        />
      </Field>
    </div>
  )
}
