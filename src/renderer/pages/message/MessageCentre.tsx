import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowClockwiseRegular } from '@fluentui/react-icons'
import { OUTBOX_ACTIONS, type OutboxAction } from '../../../shared/rules/alarms/outbox'
import { PagedTable } from '../../components/table/PagedTable'
import { useConfirm } from '../../components/useConfirm'
import { usePicked } from '../../components/usePicked'
import { NotificationSearch } from './NotificationSearch'
import { filterOf, initialQuery, type NotificationQuery } from './notificationQuery'
import { ACTION_ICON, NotificationTable } from './NotificationTable'
import { useNotificationActions } from './useNotificationActions'
import { useNotifications } from './useNotifications'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  intro: { color: tokens.colorNeutralForeground3 },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  picked: { color: tokens.colorNeutralForeground2 },
})

/**
 * The message centre (issue 15; spec part 2 §1 "retry or discard individually, in batches or all;
 * mark processed; cancel a scheduled send"): every notice of the hub's outbox with the search
 * form, the actions on a row, on the rows picked, and on all the search matches (counted first).
 * `preset` is where the page starts: the sent messages on all of this week, the notifications
 * on those that failed, whenever (what the bell counts).
 */
export function MessageCentre({ preset, intro }: { preset: Partial<Pick<NotificationQuery, 'state' | 'timed'>>; intro: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const initial = useMemo(() => initialQuery(preset), [])
  const { picked, pick, clear } = usePicked()
  const list = useNotifications(initial, picked.size > 0)
  const { confirm, dialog } = useConfirm()
  const actions = useNotificationActions(confirm)
  const busy = list.loading || actions.busy
  // The actions on all act on what was searched, not on a half-edited form.
  const filter = filterOf(list.query)

  // What was picked is forgotten once it was acted on: the rows' states changed.
  const onPicked = async (action: OutboxAction) => {
    if (await actions.onIds(action, [...picked])) clear()
  }

  return (
    <div className={styles.root}>
      <Text className={styles.intro}>{intro}</Text>
      <NotificationSearch
        initial={initial}
        fresh={() => initialQuery(preset)}
        onSearch={(q) => {
          clear()
          list.search(q)
        }}
        busy={busy}
      />
      <div className={styles.toolbar} role="toolbar" aria-label={t('alarms:notification_actions')}>
        {(['retry', 'discard', 'process', 'cancel'] as const).map((a) => (
          <Button key={a} icon={ACTION_ICON[a]} disabled={busy || picked.size === 0} onClick={() => void onPicked(a)}>
            {t(`alarms:${a}_picked`)}
          </Button>
        ))}
        <Text className={styles.picked}>{t('alarms:picked_count', { count: picked.size })}</Text>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <MenuButton disabled={busy}>{t('alarms:all_matching')}</MenuButton>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {OUTBOX_ACTIONS.map((a) => (
                <MenuItem key={a} icon={ACTION_ICON[a]} onClick={() => void actions.onAll(a, filter)}>
                  {t(`alarms:${a}_all`)}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
        <Button icon={<ArrowClockwiseRegular />} onClick={list.reload}>
          {t('common:refresh')}
        </Button>
        {busy && <Spinner size="tiny" aria-label={t('widgets:loading')} />}
      </div>
      <PagedTable empty={t('widgets:empty')} list={list} onTurn={clear}>
        <NotificationTable rows={list.rows} picked={picked} onPick={pick} onAction={(a, n) => void actions.onIds(a, [n.id])} />
      </PagedTable>
      {dialog}
    </div>
  )
}
