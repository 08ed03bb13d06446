import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components'
import { AddRegular, BoardRegular, PeopleRegular } from '@fluentui/react-icons'
import { dashboardCreate, dashboardList } from '../../../shared/contract/dashboards/dashboards'
import { useHubMutation, useHubQuery } from '../../api/query'
import type { PageProps } from '../pageTypes'
import { DashboardBoard } from './DashboardBoard'
import { DashboardSettingsDialog } from './DashboardSettingsDialog'

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start', minWidth: 0 },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '220px', flexShrink: 0 },
  item: { justifyContent: 'flex-start', width: '100%', textAlign: 'start' },
  current: { backgroundColor: tokens.colorNeutralBackground1Selected },
  main: { flexGrow: 1, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** How many dashboards the side list shows (a user's own and shared ones; more is not a dashboard any more). */
const LISTED = 200

/**
 * 仪表盘管理 (menu 'dashboard.list', component DashboardList): the dashboards one owns and those
 * shared with one's roles, one of them open (`?id=`, so a reload opens it again). A new one is
 * private until shared.
 */
export default function DashboardsPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [params, setParams] = useSearchParams()
  const list = useHubQuery(dashboardList, { pageNum: 1, pageSize: LISTED })
  const [creating, setCreating] = useState(false)
  const create = useHubMutation(dashboardCreate, { invalidates: [dashboardList] })
  const dashboards = list.data?.content ?? []
  const chosen = params.get('id') ?? dashboards[0]?.id ?? null
  const open = (id: string | null) => setParams(id ? { id } : {}, { replace: true })
  return (
    <div className={styles.root}>
      <nav className={styles.side} aria-label={t('dashboards:list')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
          {t('dashboards:dashboard_new')}
        </Button>
        {dashboards.map((d) => (
          <Button
            key={d.id}
            appearance="subtle"
            className={mergeClasses(styles.item, d.id === chosen && styles.current)}
            icon={d.mine ? <BoardRegular /> : <PeopleRegular />}
            aria-current={d.id === chosen ? 'page' : undefined}
            title={d.mine ? d.title : t('dashboards:owned_by', { name: d.ownerName })}
            onClick={() => open(d.id)}
          >
            {d.title}
          </Button>
        ))}
        {!list.loading && dashboards.length === 0 && <Text className={styles.muted}>{t('dashboards:no_dashboards')}</Text>}
      </nav>
      <div className={styles.main}>{chosen && <DashboardBoard key={chosen} id={chosen} onDeleted={() => open(null)} />}</div>
      {creating && (
        <DashboardSettingsDialog
          title={t('dashboards:dashboard_new')}
          initial={{ title: '', sharedRoles: [] }}
          busy={create.pending}
          onClose={() => setCreating(false)}
          onDone={async (s) => {
            const r = await create.run({ ...s, layout: [] })
            if (!r.ok) return
            setCreating(false)
            open(r.data.id)
          }}
        />
      )}
    </div>
  )
}
