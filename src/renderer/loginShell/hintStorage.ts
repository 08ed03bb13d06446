/**
 * Where the login shell's hints live (localStorage, `dh.shell.<name>`; public/login-shell.js
 * reads the same keys before any code of the console runs). Storage may be unavailable
 * (private mode, quota): then there are no hints and everyone uses their defaults.
 */
export type ShellHint = 'session' | 'locale' | 'username' | 'brand'

const key = (name: ShellHint) => `dh.shell.${name}`

export function readShellHint(name: ShellHint): string | null {
  try {
    return window.localStorage.getItem(key(name))
  } catch {
    return null
  }
}

export function writeShellHint(name: ShellHint, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key(name))
    else window.localStorage.setItem(key(name), value)
  } catch {
    // No storage: the shell uses its defaults.
  }
}
