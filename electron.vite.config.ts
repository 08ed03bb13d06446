import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { loginShellTexts } from './scripts/loginShellTexts'

export default defineConfig({
  main: {
    build: {
      // electron-store and conf are ESM-only: bundle them into main (stack.md).
      externalizeDeps: { exclude: ['electron-store', 'conf'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The embedded hub runs in its own utility process.
          hubProcess: resolve(__dirname, 'src/main/hubProcess.ts'),
          // The hub's worker threads, found beside the code that starts them (src/hub/threads/spawn.ts).
          scriptWorker: resolve(__dirname, 'src/hub/runtime/engines/scriptWorker.ts'),
          workbookWorker: resolve(__dirname, 'src/hub/workbooks/workbookWorker.ts'),
          wsdlWorker: resolve(__dirname, 'src/hub/datahub/wsdl/wsdlWorker.ts'),
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
    // Served from the app:// protocol at its root, so history-mode routes find /assets.
    base: '/',
    plugins: [react(), loginShellTexts(resolve(__dirname, 'locales'))],
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
})
