import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { health } from '../../shared/contract/platform/startup'
import { callHub, hubReachability } from '../api/hub'
import { useStore } from '../state/store'

const useStyles = makeStyles({
  bar: { flexShrink: 0, borderRadius: 0, paddingLeft: tokens.spacingHorizontalL },
})

/** While the banner shows, the hub is asked again this often without the user clicking. */
export const AUTO_RECHECK_MS = 15_000

/**
 * "Cannot reach the hub" across the top of the shell, shown while the last hub call answered
 * 5030. Retry asks the hub's public health endpoint; any answer from the hub (that one or a
 * page's own call) hides the banner (api/hub.ts tracks it). It sits beside the page, never
 * around it, so open forms keep what the user typed while the hub is away.
 */
export function HubUnreachableBanner({ recheckMs = AUTO_RECHECK_MS }: { recheckMs?: number }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const unreachable = useStore(hubReachability, (s) => s.unreachable)
  const message = useStore(hubReachability, (s) => s.message)
  const [checking, setChecking] = useState(false)

  const recheck = useCallback(async () => {
    setChecking(true)
    try {
      await callHub(health, undefined, { quiet: true })
    } finally {
      setChecking(false)
    }
  }, [])

  useEffect(() => {
    if (!unreachable || recheckMs <= 0) return
    const timer = setInterval(() => void recheck(), recheckMs)
    return () => clearInterval(timer)
  }, [unreachable, recheckMs, recheck])

  if (!unreachable) return null
  return (
    <MessageBar intent="warning" layout="singleline" className={styles.bar} data-testid="hub-unreachable">
      <MessageBarBody>
        <MessageBarTitle>{t('desktop:hub_unreachable_title')}</MessageBarTitle>
        {message}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" size="small" disabled={checking} icon={checking ? <Spinner size="extra-tiny" /> : undefined} onClick={() => void recheck()}>
          {checking ? t('desktop:hub_unreachable_checking') : t('desktop:hub_unreachable_retry')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  )
}
