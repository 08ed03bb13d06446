import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { loginShellTexts } from './scripts/loginShellTexts'

/**
 * The renderer alone, for the end-to-end tests and benches (Chromium without Electron):
 * the same root and plugins as electron.vite.config.ts's renderer section.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  // Absolute asset paths: history-mode routes like /a/b must still find /assets.
  base: '/',
  plugins: [react(), loginShellTexts(resolve(import.meta.dirname, 'locales'))],
  build: {
    // RENDERER_OUT lets parallel work build and test without sharing one folder.
    outDir: resolve(import.meta.dirname, process.env.RENDERER_OUT ?? 'out/renderer'),
    emptyOutDir: true,
    reportCompressedSize: false,
  },
})
