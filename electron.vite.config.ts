import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import type { PluginOption } from 'vite'
import react from '@vitejs/plugin-react'
import { loginRouteChunk } from './scripts/loginRouteChunk'
import { loginShellTexts } from './scripts/loginShellTexts'

/**
 * The one build of the app (`npm run build`, which `npm run dist` packages). The end-to-end
 * tests, the packaging check and the benches use its output as it is: what is tested is what
 * ships.
 */

/**
 * electron-vite forces the renderer's `base` to './' for production builds. Relative URLs break
 * history-mode routes: a reload on app://console/datahub/topic would ask for
 * /datahub/assets/…, which the app protocol answers 404 (a blank window). This runs after the
 * preset and puts the root back.
 */
const rootBase = (): PluginOption => ({ name: 'datahub:root-base', config: () => ({ base: '/' }) })

export default defineConfig({
  main: {
    build: {
      // electron-store, conf and openid-client (the embedded hub's single sign-on) are ESM-only:
      // bundle them into main (stack.md).
      externalizeDeps: { exclude: ['electron-store', 'conf', 'openid-client'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The embedded hub runs in its own utility process.
          hubProcess: resolve(__dirname, 'src/main/hubProcess.ts'),
          // The standalone hub for a team, as plain JavaScript: `node out/main/hub.js` (package.json bin).
          hub: resolve(__dirname, 'src/hub/cli.ts'),
          // The hub's worker threads, found beside the code that starts them (src/hub/threads/spawn.ts).
          scriptWorker: resolve(__dirname, 'src/hub/runtime/engines/scriptWorker.ts'),
          workbookWorker: resolve(__dirname, 'src/hub/workbooks/workbookWorker.ts'),
          wsdlWorker: resolve(__dirname, 'src/hub/datahub/wsdl/wsdlWorker.ts'),
          excelAppendWorker: resolve(__dirname, 'src/hub/runtime/deliver/excelAppendWorker.ts'),
          dbLinkWorker: resolve(__dirname, 'src/hub/runtime/deliver/dbLinkWorker.ts'),
          sqliteReadWorker: resolve(__dirname, 'src/hub/runtime/fetch/sqliteReadWorker.ts'),
          envelopeWorker: resolve(__dirname, 'src/hub/runtime/accept/serverApiWs/envelopeWorker.ts'),
          checkpointWorker: resolve(__dirname, 'src/hub/store/checkpointWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [rootBase(), react(), loginShellTexts(resolve(__dirname, 'locales')), loginRouteChunk(resolve(__dirname, 'src/renderer/boot.tsx'))],
    build: {
      // electron-vite leaves the renderer unminified; the console's first frame depends on its size.
      minify: true,
      // The login-route bench reads which chunks the login route loads from the manifest.
      manifest: process.env.DH_RENDERER_MANIFEST === '1',
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
})
