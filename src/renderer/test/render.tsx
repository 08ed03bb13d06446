import type { ReactElement } from 'react'
import { render, type RenderResult } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
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
