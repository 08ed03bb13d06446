import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { orgBindPosition, orgUnbindPosition, type Org } from '../../../../shared/contract/platform/admin/orgs'
import { positionListByOrgCode, type Position } from '../../../../shared/contract/platform/admin/positions'
import { callHub } from '../../../api/hub'
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
  const [bound, setBound] = useState<Position[]>([])
  const [picked, setPicked] = useState<string[]>([])
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let live = true
    void callHub(positionListByOrgCode, { orgCode: org.orgCode }, { quiet: true }).then((r) => live && r.ok && setBound(r.data))
    return () => {
      live = false
    }
  }, [org.orgCode, version])
  const bind = async () => {
    const r = await callHub(orgBindPosition, { orgId: org.id, positionIds: picked })
    if (r.ok) {
      setPicked([])
      setVersion((v) => v + 1)
    }
  }
  const unbind = async (p: Position) => {
    const r = await callHub(orgUnbindPosition, { orgId: org.id, positionId: p.id })
    if (r.ok) setVersion((v) => v + 1)
  }
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
