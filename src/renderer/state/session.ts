import { me, type SessionUser } from '../../shared/contract/platform/session'
import { clientRouterListAll, initData, menuList, myPermissions, type ClientRouter, type MenuItem } from '../../shared/contract/platform/startup'
import { hasBridge, invoke } from '../bridge/desktop'
import { callHub } from '../api/hub'
import { i18n } from '../i18n'
import { clearDictionaries, ensureSignedInReference } from './reference'
import { createStore } from './store'

export type SessionStatus = 'checking' | 'signedOut' | 'signedIn'

export interface ProductInfo {
  productName: string
  productNameEn: string
  hubVersion: string
}

export interface SessionState {
  status: SessionStatus
  user: SessionUser | null
  permissions: readonly string[]
  menus: readonly MenuItem[]
  /** Client routes (spec startup call); those no menu item shows are routed too (hidden routes). */
  clientRouters: readonly ClientRouter[]
  product: ProductInfo | null
}

const signedOut: SessionState = { status: 'signedOut', user: null, permissions: [], menus: [], clientRouters: [], product: null }
// Without the desktop bridge there is no stored session to check: show the login view at once.
export const sessionStore = createStore<SessionState>({ ...signedOut, status: hasBridge() ? 'checking' : 'signedOut' })

/** Spec: a 'code' query parameter is removed from the address when this stored flag is set. */
export const LOGIN_FLAG_KEY = 'dh.loginFlag'

/**
 * Everything a signed-in console needs, loaded after login or at start: the user (me), the
 * permission codes, the menu tree, the product info, parameters and dictionaries. Only the user
 * is essential; the others degrade to empty (start-up failures are only logged, per spec).
 */
export async function loadSignedIn(): Promise<{ ok: true } | { ok: false; message: string }> {
  const user = await callHub(me, undefined, { quiet: true })
  if (!user.ok) return { ok: false, message: i18n.t('messages:msg_user_info_fail') }
  // A stored session whose password must still be changed opens nothing: sign in again, where
  // the change step is shown (pages/login/ForcedPasswordChange.tsx).
  if (user.data.mustChangePassword) return { ok: false, message: i18n.t('messages:msg_password_change_required') }
  const [permissions, menus, product, clientRouters] = await Promise.all([
    callHub(myPermissions, undefined, { quiet: true }),
    callHub(menuList, undefined, { quiet: true }),
    callHub(initData, undefined, { quiet: true }),
    callHub(clientRouterListAll, undefined, { quiet: true }),
    // From the local caches when the hub reports the versions cached (state/localCache.ts).
    ensureSignedInReference(user.versions),
  ])
  sessionStore.set({
    status: 'signedIn',
    user: user.data,
    permissions: permissions.ok ? permissions.data : [],
    menus: menus.ok ? menus.data : [],
    clientRouters: clientRouters.ok ? clientRouters.data : [],
    product: product.ok ? product.data : null,
  })
  return { ok: true }
}

/** Spec: signed-in detection at start — 'session.status', then `platform.me`; any failure → login. */
export async function detectSession(): Promise<void> {
  try {
    const status = await invoke('session.status', undefined)
    if (status.signedIn && (await loadSignedIn()).ok) return
  } catch (e) {
    console.warn('[session] status check failed', e)
  }
  sessionStore.set(signedOut)
}

/** Drop the user, permissions and menus; the route guard then shows the login view. */
export function clearSession(): void {
  clearDictionaries()
  sessionStore.set(signedOut)
}

export const setSessionUser = (user: SessionUser): void => sessionStore.set({ user })

/** A permission check is true if the code is in the user's list (spec §6). */
export const hasPermission = (code: string): boolean => sessionStore.get().permissions.includes(code)
