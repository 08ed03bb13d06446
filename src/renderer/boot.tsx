/** The console itself: i18n, startup calls and the React tree (loaded by main.tsx after the first frame). */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { catalogueShown } from './i18n'
import { App } from './App'
import { startConsole } from './startup'

startConsole()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
// The rest of the texts once the form has taken over (next frame), ready before any other view asks.
requestAnimationFrame(() => setTimeout(() => void catalogueShown().catch(() => undefined), 0))
