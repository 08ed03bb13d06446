import { Suspense, useState } from 'react'
import { lazyChunk } from '../routing/lazyChunk'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { ChevronDownRegular, LocalLanguageRegular } from '@fluentui/react-icons'
import { referenceStore } from '../state/reference'
import { useStore } from '../state/store'

const useStyles = makeStyles({ chevron: { marginLeft: tokens.spacingHorizontalXS } })

const loadMenu = () => import('./LanguageMenu')
const LanguageMenu = lazyChunk(loadMenu)

/**
 * The language switch (中文 / English), on the login view and in the shell header: a button
 * named 'Switch language' opening a menu of the two languages, each named in itself. The menu's
 * code (popup positioning) is not part of the first screen: until it is wanted, a look-alike
 * button stands in, starts loading it on hover or focus, and opens it on click.
 * Hidden when the hub says only one language is active (langSwitch '0'); shown until it says.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  const langSwitch = useStore(referenceStore, (s) => s.langSwitch)
  const styles = useStyles()
  const [wanted, setWanted] = useState(false)
  if (langSwitch === '0') return null

  const placeholder = (onClick?: () => void) => (
    <Button
      appearance="subtle"
      icon={<LocalLanguageRegular />}
      iconPosition="before"
      aria-label={t('common:language_switch')}
      aria-haspopup="menu"
      aria-expanded={false}
      onMouseEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={onClick}
    >
      {i18n.language === 'en' ? t('common:lang_en') : t('common:lang_zh')}
      <ChevronDownRegular aria-hidden className={styles.chevron} />
    </Button>
  )
  if (!wanted) return placeholder(() => setWanted(true))
  return (
    <Suspense fallback={placeholder()}>
      <LanguageMenu defaultOpen />
    </Suspense>
  )
}
