import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components'
import { DATASOURCE_PERMISSION, datasourceList, datasourceListByApplicationCodeAndSourceType, datasourceStatus } from '../../../../shared/contract/datahub/dataSources'
import { useCan } from '../../../admin/usePermission'
import { callHub } from '../../../api/hub'
import { invalidate } from '../../../api/query'

const useStyles = makeStyles({
  hints: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, paddingTop: tokens.spacingVerticalXXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
})

/** A source of the application and type that the picker does not offer because it is disabled. */
export interface DisabledSource {
  id: string
  version: number
  name: string
  kind: string
}

export interface DisabledSourcesProps {
  appCode: string
  sources: readonly DisabledSource[]
  /** Nothing of this application and type exists at all, enabled or not. */
  none: boolean
  viewOnly: boolean
}

/**
 * Why the data-source picker offers less than the administrator expects (issue 33): the hub
 * offers enabled sources only, so each disabled one is named with an Enable button that works in
 * place (the producer or consumer being edited stays open); with none at all, where to create one.
 */
export function DisabledSources({ appCode, sources, none, viewOnly }: DisabledSourcesProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const can = useCan()
  const [busy, setBusy] = useState('')
  if (none) return <Caption1 className={styles.row}>{t('producer:datasource_none_hint', { app: appCode || '—' })}</Caption1>
  if (sources.length === 0) return null
  const mayEnable = !viewOnly && can(DATASOURCE_PERMISSION)

  async function enable(source: DisabledSource) {
    setBusy(source.id)
    const r = await callHub(datasourceStatus, { id: source.id, version: source.version, status: '1' })
    setBusy('')
    // Both lists change: the source moves from "disabled" to the offered ones.
    if (r.ok) invalidate(datasourceListByApplicationCodeAndSourceType, datasourceList)
  }

  return (
    <div className={styles.hints}>
      {sources.map((s) => (
        <div key={s.id} className={styles.row}>
          <Caption1>{t('producer:datasource_disabled_hint', { name: s.name, kind: s.kind })}</Caption1>
          {mayEnable && (
            <Button size="small" appearance="transparent" disabled={busy !== ''} onClick={() => void enable(s)}>
              {t('producer:datasource_enable', { name: s.name })}
            </Button>
          )}
        </div>
      ))}
    </div>
  )
}
