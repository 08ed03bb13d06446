import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveAppPath } from './appProtocol'

const root = path.resolve('/opt/datahub/out/renderer')
const file = (...parts: string[]) => ({ ok: true, file: path.join(root, ...parts) })
const index = file('index.html')

describe('app://console path resolver', () => {
  it('serves the console page at the root', () => {
    expect(resolveAppPath('app://console', root)).toEqual(index)
    expect(resolveAppPath('app://console/', root)).toEqual(index)
  })

  it('serves built files by their path, ignoring query and hash', () => {
    expect(resolveAppPath('app://console/assets/index-abc123.js', root)).toEqual(file('assets', 'index-abc123.js'))
    expect(resolveAppPath('app://console/assets/app.css?v=2#x', root)).toEqual(file('assets', 'app.css'))
    expect(resolveAppPath('app://console/fonts/Noto%20Sans.woff2', root)).toEqual(file('fonts', 'Noto Sans.woff2'))
  })

  it('answers history-mode routes (no extension) with index.html', () => {
    expect(resolveAppPath('app://console/login', root)).toEqual(index)
    expect(resolveAppPath('app://console/datahub/topic/list?id=3', root)).toEqual(index)
    expect(resolveAppPath('app://console/RoleResAuthList?roleId=1&roleName=%E7%AE%A1', root)).toEqual(index)
  })

  it.each([
    'app://console/../../etc/passwd',
    'app://console/assets/../../../etc/passwd',
    'app://console/%2e%2e/%2e%2e/etc/passwd',
    'app://console/%2E%2E/secret.txt',
    'app://console/assets/..%2f..%2fsecret.txt',
    'app://console/..\\..\\secret.txt',
    'app://console/assets%5c..%5c..%5csecret.txt',
    'app://console/C:%5cWindows%5cwin.ini',
    'app://console/c:/windows/win.ini',
    'app://console/index.html%00.png',
    'app://console/%E0%A4%A.js',
    'app://console/./index.html',
    // Absolute paths, spelled every way a URL can carry them.
    'app://console/%2Fetc%2Fpasswd',
    'app://console/%2fetc/passwd.txt',
    'app://console/%5Cetc%5Cpasswd.txt',
    'app://console/%5C%5Cserver%5Cshare%5Cx.js',
    'app://console/assets/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    // Upper-case scheme and host are the same origin; the dot segments are still refused.
    'APP://CONSOLE/../secret.txt',
    // NUL anywhere in a segment, and overlong UTF-8 for '.' (decodes to an error, not a dot).
    'app://console/assets/a%00/../x.js',
    'app://console/%C0%AE%C0%AE/secret.txt',
  ])('refuses %s, which could leave the renderer folder', (url) => {
    expect(resolveAppPath(url, root)).toEqual({ ok: false, reason: 'forbidden' })
  })

  it('answers only its own origin', () => {
    for (const url of ['app://other/index.html', 'file:///etc/passwd', 'https://console/index.html', 'app://console.evil/x.js', 'app://consolex/x.js']) {
      expect(resolveAppPath(url, root)).toEqual({ ok: false, reason: 'foreign' })
    }
  })

  it('keeps empty segments and doubly encoded dots inside the folder (as plain names)', () => {
    expect(resolveAppPath('app://console//etc/passwd.txt', root)).toEqual(file('etc', 'passwd.txt'))
    expect(resolveAppPath('app://console/%252e%252e/x.js', root)).toEqual(file('%2e%2e', 'x.js'))
  })

  it('never returns a file outside the folder, whatever the input', () => {
    const samples = ['a/b/c.js', '%2e/x.js', 'a/%2e%2e%2e/x.js', '...', '.../x.js', '//x.js', 'a//b.js', '%252e%252e/x.js']
    for (const s of samples) {
      const r = resolveAppPath(`app://console/${s}`, root)
      if (r.ok) expect(path.relative(root, r.file).startsWith('..')).toBe(false)
    }
  })
})
