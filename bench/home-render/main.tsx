// The home render bench's page: the console's own home overview (OpsOverview.tsx Overview) drawn
// from a fixed answer, with its chart (?charts=1) or without (?charts=0), in the console's providers.
import { createRoot } from 'react-dom/client'
import { MemoryRouter } from 'react-router-dom'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import '../../src/renderer/i18n'
import { Overview } from '../../src/renderer/pages/home/ops/OpsOverview'
import { homeAnswer } from './answer'

const charts = new URLSearchParams(location.search).get('charts') === '1'
createRoot(document.getElementById('root')!).render(
  <FluentProvider theme={webLightTheme}>
    <MemoryRouter>
      <Overview data={homeAnswer()} charts={charts} />
    </MemoryRouter>
  </FluentProvider>,
)
