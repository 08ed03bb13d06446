import { AsyncEntry, findCredentialsAsync } from '@napi-rs/keyring'

/**
 * Whether a real OS keychain answers here. On Linux that is a Secret Service (gnome-keyring)
 * on a D-Bus session bus; the entry is pinned to it so a silent fallback to the kernel keyring
 * cannot pass for it. Returns what is missing, or null.
 */
export const LINUX_SECRET_SERVICE = { linux: { store: 'secret-service' as const } }

export async function missingKeychain(): Promise<string | null> {
  if (process.env.DH_SKIP_KEYRING) return `${process.env.DH_SKIP_KEYRING} (reported by the test runner)`
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) {
    return 'dbus (no session bus: run inside `dbus-run-session` with gnome-keyring unlocked, see design/stack.md)'
  }
  const entry = new AsyncEntry(`dh-keychain-check-${process.pid}`, 'check', LINUX_SECRET_SERVICE)
  try {
    await entry.setPassword('x')
    await entry.deletePassword()
    return null
  } catch (err) {
    return `gnome-keyring (Secret Service did not answer: ${err instanceof Error ? err.message : String(err)})`
  }
}

export const INSTALL_HINT = 'apt-get install -y --no-install-recommends gnome-keyring dbus'

/** Removes every entry a test run left under its service name. */
export async function removeService(service: string): Promise<void> {
  for (const { account } of await findCredentialsAsync(service)) {
    await new AsyncEntry(service, account, LINUX_SECRET_SERVICE).deletePassword()
  }
}
