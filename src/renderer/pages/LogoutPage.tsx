import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { Splash } from '../components/Splash'
import { sessionStore } from '../state/session'
import { signOut } from '../state/signOut'
import { useStore } from '../state/store'

/**
 * /logout2 (spec: clears storage and session): sign out, clear local and session storage, go to
 * /login. Waits for the start-up session check so that it cannot sign in again behind our back.
 */
export default function LogoutPage() {
  const navigate = useNavigate()
  const status = useStore(sessionStore, (s) => s.status)
  const started = useRef(false)
  useEffect(() => {
    if (status === 'checking' || started.current) return
    started.current = true
    void signOut({ clearStorage: true }).then(() => navigate('/login', { replace: true }))
  }, [status, navigate])
  return <Splash />
}
