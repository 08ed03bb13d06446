import { describe, expect, it } from 'vitest'
import { windowOptions } from './windowOptions'

describe('console window options', () => {
  it('isolates the renderer: sandbox, context isolation, no Node, web security on', () => {
    const { webPreferences } = windowOptions('/app/out/preload/index.js')
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.js',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })

  it('turns on no experimental or Blink features and sets nothing outside the known safe set', () => {
    const { webPreferences = {} } = windowOptions('/p')
    expect(webPreferences).not.toHaveProperty('experimentalFeatures')
    expect(webPreferences).not.toHaveProperty('enableBlinkFeatures')
    expect(webPreferences).not.toHaveProperty('additionalArguments')
    expect(Object.keys(webPreferences).sort()).toEqual([
      'allowRunningInsecureContent', 'contextIsolation', 'nodeIntegration', 'nodeIntegrationInSubFrames', 'nodeIntegrationInWorker',
      'preload', 'sandbox', 'spellcheck', 'webSecurity', 'webviewTag',
    ])
  })

  it('opens where it was closed, or at a default size', () => {
    expect(windowOptions('/p', { x: 10, y: 20, width: 1400, height: 900, maximized: false })).toMatchObject({ x: 10, y: 20, width: 1400, height: 900 })
    const fresh = windowOptions('/p')
    expect(fresh).toMatchObject({ width: 1280, height: 800 })
    expect(fresh).not.toHaveProperty('x')
  })
})
