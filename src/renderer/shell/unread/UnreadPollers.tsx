import { useEffect } from 'react'
import { useHubQuery } from '../../api/query'
import { useCan } from '../../admin/usePermission'
import { mayPoll, POLLING_MENUS, type PollingMenu } from './pollingMenus'
import { setUnread } from './unreadStore'

/**
 * One polled count: asked when mounted, every `timeInterval` seconds, and whenever a change
 * invalidates its endpoint (acknowledging an incident, retrying a notification). Quiet: a count
 * that cannot be had shows nothing new, and a hub that is away already has its banner.
 */
function UnreadPoller({ menu }: { menu: PollingMenu }) {
  const { data, reload } = useHubQuery(menu.api, menu.input as never, { quiet: true })
  useEffect(() => {
    const timer = setInterval(reload, menu.timeInterval * 1000)
    return () => clearInterval(timer)
  }, [reload, menu.timeInterval])
  const count = data === undefined ? undefined : Number((data as Record<string, unknown>)[menu.columnName] ?? 0)
  useEffect(() => setUnread(menu.eventName, count), [menu.eventName, count])
  // Signed out, or the permission went: the count is no longer this user's.
  useEffect(() => () => setUnread(menu.eventName, undefined), [menu.eventName])
  return null
}

/** The counts of the polling menu config the user may read, kept in the unread store while the console is signed in. */
export function UnreadPollers() {
  const can = useCan()
  return (
    <>
      {POLLING_MENUS.filter((m) => mayPoll(m, can)).map((m) => (
        <UnreadPoller key={m.eventName} menu={m} />
      ))}
    </>
  )
}
