import { Suspense, type ReactElement } from 'react'
import { render, type RenderResult } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { resolvePage } from '../pages/registry'
import { installMatchMedia } from './fakeBridge'

/** Render inside the providers the app gives every view (theme, router at `path`). */
export function renderWithProviders(ui: ReactElement, path = '/'): RenderResult {
  installMatchMedia()
  return render(
    <FluentProvider theme={webLightTheme}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </FluentProvider>,
  )
}

/**
 * Render the page the registry gives a menu route (folder and page key, as the hub's menus name
 * them) the way the shell does: lazily, under a Suspense boundary.
 */
export function renderRegistryPage(folder: string, page: string, path = '/') {
  const Page = resolvePage(folder, page)
  if (!Page) throw new Error(`the registry has no page ${folder}/${page}`)
  return renderWithProviders(
    <Suspense>
      <Page />
    </Suspense>,
    path,
  )
}
