import { Suspense, useEffect } from 'react'
import { lazyChunk } from './routing/lazyChunk'
import { useTranslation } from 'react-i18next'
import { BrowserRouter } from 'react-router-dom'
import { FluentProvider, makeStyles } from '@fluentui/react-components'
import { ErrorBoundary } from './components/ErrorBoundary'
import { rememberShellBrand } from './loginShell/hints'
import { AppRoutes } from './routing/AppRoutes'
import { RouterEffects } from './routing/RouterEffects'
import { preferencesStore } from './state/preferences'
import { referenceStore } from './state/reference'
import { sessionStore } from './state/session'
import { useStore } from './state/store'
import { ActiveThemeProvider } from './theme/activeTheme'
import { useFocusRings } from './theme/FocusRings'
import { resolveSkin } from './theme/skin'
import { useConsoleTheme } from './theme/useConsoleTheme'
import { THEME_COLOR_PARAMETER, THEME_MODE_PARAMETER } from '../shared/rules/theme'

const useStyles = makeStyles({ root: { minHeight: '100vh' } })

// Not needed for the first screen: loads right after it (toasts raised meanwhile wait, api/signals.ts).
const HubToasts = lazyChunk(() => import('./components/HubToasts').then((m) => ({ default: m.HubToasts })))

/** The window title: the hub's product name once signed in, the bundled one before. */
function useDocumentTitle(): void {
  const { t, i18n } = useTranslation()
  const product = useStore(sessionStore, (s) => s.product)
  const name = (i18n.language === 'en' ? product?.productNameEn : product?.productName) || t('common:product_name')
  useEffect(() => {
    document.title = name
  }, [name])
}

export function App() {
  const styles = useStyles()
  useFocusRings()
  const platformColor = useStore(referenceStore, (s) => s.parameters[THEME_COLOR_PARAMETER])
  const platformMode = useStore(referenceStore, (s) => s.parameters[THEME_MODE_PARAMETER])
  const userColor = useStore(sessionStore, (s) => (s.status === 'signedIn' ? s.user?.preference.themeColor : undefined))
  const userTheme = useStore(preferencesStore, (s) => s.theme)
  const skin = resolveSkin({ color: platformColor, mode: platformMode }, { color: userColor, theme: userTheme })
  const theme = useConsoleTheme(skin.color, skin.mode)
  useDocumentTitle()
  // The login shell of the next start paints its title and button in this colour.
  useEffect(() => rememberShellBrand(theme.colorBrandBackground), [theme.colorBrandBackground])
  return (
    // The provider's className also goes to every portal's mount node (applyStylesToPortals):
    // a full-height class there made each toast and dialog a window-sized layer over the page.
    <FluentProvider theme={theme}>
      <ActiveThemeProvider value={theme}>
        <div className={styles.root}>
          <BrowserRouter>
            <ErrorBoundary>
              <Suspense fallback={null}>
                <HubToasts />
              </Suspense>
              <RouterEffects />
              <AppRoutes />
            </ErrorBoundary>
          </BrowserRouter>
        </div>
      </ActiveThemeProvider>
    </FluentProvider>
  )
}
