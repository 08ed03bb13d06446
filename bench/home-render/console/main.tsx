// The home render bench's console page: the console itself (the renderer's boot.tsx: its providers,
// shell, menus and routes), signed in, on its home page, with the hub's answers given by the
// renderer tests' fake desktop bridge (the home data is the fixed answer of ../answer.ts). Built
// twice by the bench: as the console is, and with the home chart left out (NoChart.tsx).
import { installFakeBridge, ok } from '../../../src/renderer/test/fakeBridge'
import { sampleMenus, signedInHub } from '../../../src/renderer/test/fixtures'
import { HOME_PERMISSION } from '../../../src/shared/contract/ops/home'
import { homeAnswer } from '../answer'

installFakeBridge({
  signedIn: true,
  hub: {
    ...signedInHub(sampleMenus),
    'platform.permission.myPermission.listAll': ok([HOME_PERMISSION, 'system:user:list']),
    'platform.home.data': ok(homeAnswer()),
  },
})
void import('../../../src/renderer/boot')
