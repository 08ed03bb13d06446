import { useCallback } from 'react'
import { sessionStore } from '../state/session'
import { useStore } from '../state/store'

/**
 * Spec §6: a permission check is true if the code is in the user's list (loaded after sign-in
 * from /permission/myPermission/listAll). No code means no restriction.
 */
export function useCan(): (code: string | undefined) => boolean {
  const permissions = useStore(sessionStore, (s) => s.permissions)
  return useCallback((code) => code === undefined || permissions.includes(code), [permissions])
}
