import type { MouseEvent, ReactNode } from 'react'
import { useHref, useNavigate } from 'react-router-dom'
import { Link } from '@fluentui/react-components'

/** A Fluent link that navigates inside the app (history mode) instead of reloading the page. */
export function AppLink({ to, children, className, label }: { to: string; children: ReactNode; className?: string; /** Accessible name, when the text alone does not say where it goes. */ label?: string }) {
  const navigate = useNavigate()
  const href = useHref(to)
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    navigate(to)
  }
  return (
    <Link href={href} onClick={onClick} {...(className ? { className } : {})} {...(label ? { 'aria-label': label } : {})}>
      {children}
    </Link>
  )
}
