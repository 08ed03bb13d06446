import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowClockwiseRegular } from '@fluentui/react-icons'
import { PagedTable } from '../../components/table/PagedTable'
import { useConfirm } from '../../components/useConfirm'
import { usePicked } from '../../components/usePicked'
import type { PageProps } from '../pageTypes'
import { IncidentSearch } from './IncidentSearch'
import { INCIDENT_ACTION_ICON, IncidentTable } from './IncidentTable'
import { useIncidentActions, type IncidentAction } from './useIncidentActions'
import { useIncidents } from './useIncidents'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  intro: { color: tokens.colorNeutralForeground3 },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
})

/**
 * 预警记录 (menu 'alert.record', component AlertRecordList): the alert centre's incidents, open
 * ones first; acknowledge or resolve a row or the rows picked. The header's bell opens it; a
 * desktop notification opens it on its incident (`?incident=<id>`), marked in the table.
 */
export default function AlertRecordPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { picked, pick, clear } = usePicked()
  const list = useIncidents(picked.size > 0)
  const { confirm, dialog } = useConfirm()
  const actions = useIncidentActions(confirm)
  const [params] = useSearchParams()
  const busy = list.loading || actions.busy
  const onPicked = async (action: IncidentAction) => {
    if (await actions.run(action, [...picked])) clear()
  }
  return (
    <div className={styles.root}>
      <Text className={styles.intro}>{t('alarms:incident_intro')}</Text>
      <IncidentSearch
        busy={busy}
        onSearch={(q) => {
          clear()
          list.search(q)
        }}
      />
      <div className={styles.toolbar} role="toolbar" aria-label={t('alarms:incident_actions')}>
        {(['acknowledge', 'resolve'] as const).map((a) => (
          <Button key={a} icon={INCIDENT_ACTION_ICON[a]} disabled={busy || picked.size === 0} onClick={() => void onPicked(a)}>
            {t(`alarms:incident_${a}_picked`, { count: picked.size })}
          </Button>
        ))}
        <Button icon={<ArrowClockwiseRegular />} onClick={list.reload}>
          {t('common:refresh')}
        </Button>
        {busy && <Spinner size="tiny" aria-label={t('widgets:loading')} />}
      </div>
      <PagedTable empty={t('alarms:no_incidents')} list={list} onTurn={clear}>
        <IncidentTable rows={list.rows} focused={params.get('incident')} picked={picked} onPick={pick} onAction={(a, i) => void actions.run(a, [i.id])} />
      </PagedTable>
      {dialog}
    </div>
  )
}
