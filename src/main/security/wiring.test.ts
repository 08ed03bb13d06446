import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The Electron glue (index.ts, electron/*) cannot run here (no Electron binary), so this reads
 * its source: each security helper tested in this folder must actually be wired, and nothing
 * may bypass them (a second BrowserWindow, a raw ipcMain listener, openExternal elsewhere).
 */
const mainDir = path.resolve(__dirname, '..')
const read = (rel: string) => readFileSync(path.join(mainDir, rel), 'utf8')
const glueFiles = ['index.ts', ...readdirSync(path.join(mainDir, 'electron')).map((f) => `electron/${f}`)]
const allMainSources = (dir = mainDir): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allMainSources(path.join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : [],
  )
const usesOf = (needle: RegExp) => allMainSources().filter((f) => needle.test(readFileSync(f, 'utf8'))).map((f) => path.relative(mainDir, f))

describe('Electron glue wires every security helper', () => {
  it('index.ts installs the guards, the protocol, the IPC guard and the single-instance lock before the window', () => {
    const index = read('index.ts')
    const order = ['registerAppScheme()', 'requestSingleInstanceLock()', 'guardWebContents(', 'guardPermissions(session.defaultSession', 'serveRenderer(', 'registerIpc(', 'createMainWindow(']
    const at = order.map((call) => index.indexOf(call))
    expect(order.filter((_, i) => at[i] === -1)).toEqual([])
    expect([...at].sort((a, b) => a - b)).toEqual(at)
  })

  it('the window uses windowOptions, the protocol the path resolver and the CSP, IPC the sender guard', () => {
    expect(read('electron/window.ts')).toMatch(/new BrowserWindow\(windowOptions\(/)
    expect(read('electron/protocol.ts')).toMatch(/resolveAppPath\(request\.url/)
    expect(read('electron/protocol.ts')).toMatch(/'content-security-policy': csp/)
    expect(read('electron/ipc.ts')).toMatch(/ipcMain\.handle\(channel, guardedHandler\(/)
    const guards = read('electron/guards.ts')
    expect(guards).toMatch(/guardContents\(contents/)
    expect(guards).toMatch(/setPermissionRequestHandler\([^]*permissionDecision/)
    expect(guards).toMatch(/setPermissionCheckHandler\([^]*permissionDecision/)
  })

  it('nothing else creates windows, listens to raw IPC, opens external links or loads file://', () => {
    expect(usesOf(/new BrowserWindow\(/)).toEqual(['electron/window.ts'])
    expect(usesOf(/ipcMain\.(on|once|handle)\(/)).toEqual(['electron/ipc.ts'])
    expect(usesOf(/shell\.openExternal\(/)).toEqual(['electron/guards.ts'])
    expect(usesOf(/loadFile\(|file:\/\/\//)).toEqual([])
    for (const f of glueFiles) expect(read(f)).not.toMatch(/webSecurity:\s*false|nodeIntegration:\s*true|contextIsolation:\s*false|sandbox:\s*false/)
  })
})
