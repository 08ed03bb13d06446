import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { orgBindPosition, orgUnbindPosition, type Org } from '../../../../shared/contract/platform/admin/orgs'
import { positionListByOrgCode, type Position } from '../../../../shared/contract/platform/admin/positions'
import { useHubMutation, useHubQuery } from '../../../api/query'
import { TreeChecklist } from '../../../admin/fields/TreeSelect'
import { useTreeNodes } from '../../../admin/fields/useTreeNodes'
import { positionTree } from '../position/positionResource'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
})

/** The positions bound to an organisation: unbind one, or tick positions and bind them. */
export function OrgPositions({ org, editable }: { org: Org; editable: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const all = useTreeNodes(positionTree)
  const bound = useHubQuery(positionListByOrgCode, { orgCode: org.orgCode }, { quiet: true }).data ?? []
  const [picked, setPicked] = useState<string[]>([])
  // Either change makes the bound positions stale: they ask again by themselves.
  const bindCall = useHubMutation(orgBindPosition, { invalidates: [positionListByOrgCode] })
  const unbindCall = useHubMutation(orgUnbindPosition, { invalidates: [positionListByOrgCode] })
  const bind = async () => {
    const r = await bindCall.run({ orgId: org.id, positionIds: picked })
    if (r.ok) setPicked([])
  }
  const unbind = (p: Position) => unbindCall.run({ orgId: org.id, positionId: p.id })
  return (
    <section className={styles.root} aria-label={t('admin:org_positions')}>
      <Text weight="semibold">{t('admin:org_positions')}</Text>
      <div className={styles.chips}>
        {bound.length === 0 && <Text>{t('widgets:empty')}</Text>}
        {bound.map((p) => (
          <Button key={p.id} size="small" icon={editable ? <DismissRegular /> : undefined} iconPosition="after" disabled={!editable} onClick={() => void unbind(p)} aria-label={t('admin:org_unbind', { name: p.name })}>
            {p.name}
          </Button>
        ))}
      </div>
      {editable && (
        <>
          <TreeChecklist nodes={all} value={picked} onChange={setPicked} label={t('admin:org_bind_choices')} />
          <Button appearance="primary" disabled={picked.length === 0} onClick={() => void bind()}>
            {t('admin:org_bind')}
          </Button>
        </>
      )}
    </section>
  )
}
