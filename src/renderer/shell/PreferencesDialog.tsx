import { useTranslation } from 'react-i18next'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Radio, RadioGroup } from '@fluentui/react-components'
import { preferencesStore, setTheme, type ThemePreference } from '../state/preferences'
import { useStore } from '../state/store'
import { USER_THEME_CHOICES } from '../../shared/rules/theme'

const isTheme = (v: string): v is ThemePreference => (USER_THEME_CHOICES as readonly string[]).includes(v)

/** Personal settings: the theme (follow the system, light, dark), applied as it is picked. */
export function PreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const theme = useStore(preferencesStore, (s) => s.theme)
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('shell:preferences')}</DialogTitle>
          <DialogContent>
            <Field label={t('shell:theme')}>
              <RadioGroup value={theme} onChange={(_, d) => isTheme(d.value) && void setTheme(d.value)}>
                <Radio value="default" label={t('shell:theme_default')} />
                <Radio value="system" label={t('shell:theme_system')} />
                <Radio value="light" label={t('shell:theme_light')} />
                <Radio value="dark" label={t('shell:theme_dark')} />
              </RadioGroup>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common:close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
