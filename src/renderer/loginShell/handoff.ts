/**
 * The login shell (index.html + public/login-shell.js) is the sign-in form as plain HTML, shown
 * while the console's code loads. The React login form takes over what the user did there —
 * the typed username and password, a pressed Enter, which field had the focus — and removes it.
 * Any other first view removes it too (routing/AppRoutes.tsx).
 */
export interface ShellValues {
  username: string
  password: string
  /** Enter was pressed (or the button clicked) before the console was ready. */
  submitted: boolean
  focused: ShellField | null
  /** Fields that lost the focus in the shell: the form validates them as if blurred there. */
  left: ShellField[]
}

export type ShellField = 'username' | 'password'
const isShellField = (name: string): name is ShellField => name === 'username' || name === 'password'

const SHELL_ID = 'login-shell'
let taken = false

const visibleShell = (): HTMLElement | null => {
  const shell = document.getElementById(SHELL_ID)
  return shell && !shell.hidden ? shell : null
}

/** What the user did in the shell, once (StrictMode renders twice; the second gets null). */
export function takeShellValues(): ShellValues | null {
  if (taken) return null
  const shell = visibleShell()
  const form = shell?.querySelector('form')
  if (!form) return null
  taken = true
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null
  const active = document.activeElement
  return {
    username: field('username')?.value ?? '',
    password: field('password')?.value ?? '',
    submitted: form.getAttribute('data-submitted') === '1',
    focused: active === field('username') ? 'username' : active === field('password') ? 'password' : null,
    left: (form.getAttribute('data-left') ?? '').split(' ').filter(isShellField),
  }
}

/** Removes the shell for good (idempotent). */
export function dismissLoginShell(): void {
  taken = true
  document.getElementById(SHELL_ID)?.remove()
}
