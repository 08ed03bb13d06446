import { useTranslation } from 'react-i18next'
import { Badge, Button, Card, FluentProvider, Input, Link, makeStyles, Switch, Text, tokens } from '@fluentui/react-components'
import type { ThemeMode } from '../../../../shared/rules/theme'
import { useSkinTheme } from '../../../theme/useConsoleTheme'

const useStyles = makeStyles({
  frame: { borderRadius: tokens.borderRadiusLarge, overflow: 'hidden', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}` },
  bar: { display: 'flex', alignItems: 'center', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, backgroundColor: tokens.colorNeutralBackground2 },
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
})

/**
 * The draft skin painted on a small console: its own Fluent provider with the theme that
 * applying would give, so the colour and mode can be judged before anything is saved.
 */
export function SkinPreview({ color, mode }: { color: string; mode: ThemeMode }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const theme = useSkinTheme(color, mode)
  return (
    <FluentProvider theme={theme} className={styles.frame} data-testid="skin-preview" role="region" aria-label={t('config:skin_preview')}>
      <div className={styles.bar}>
        <Text weight="semibold">{t('common:product_name')}</Text>
      </div>
      <div className={styles.body}>
        <Card>
          <div className={styles.row}>
            <Button appearance="primary">{t('config:skin_preview_primary')}</Button>
            <Button>{t('config:skin_preview_secondary')}</Button>
            <Link>{t('config:skin_preview_link')}</Link>
            <Badge>{t('config:skin_preview_badge')}</Badge>
          </div>
          <div className={styles.row}>
            <Input aria-label={t('config:skin_preview_input')} placeholder={t('config:skin_preview_input')} />
            <Switch defaultChecked label={t('config:skin_preview_switch')} />
          </div>
        </Card>
      </div>
    </FluentProvider>
  )
}
