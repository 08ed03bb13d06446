import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components'
import { ArrowSyncRegular, FolderOpenRegular } from '@fluentui/react-icons'
import { promotionApply, promotionCatalog, promotionPlan, type PromotionPlan } from '../../../../shared/contract/promotion/endpoints'
import type { PromotionDocument } from '../../../../shared/contract/promotion/document'
import { ResultCode } from '../../../../shared/envelope'
import { useHubMutation } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { invokeForResult } from '../../../bridge/resultChannels'
import { appInfoStore } from '../../../state/appInfo'
import { profileLabel } from '../../../state/profileLabel'
import { useStore } from '../../../state/store'
import { useConfirm } from '../../../components/useConfirm'
import { PlanTable } from './PlanTable'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  placeholders: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(360px, 1fr))', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
})

interface Opened {
  name: string
  document: unknown
}

/**
 * Import into the hub the console is connected to (switch the hub connection to import
 * elsewhere): open a document, read the plan the hub makes of it (nothing is written), fill the
 * placeholders, plan again, apply — all of it or nothing.
 */
export function ImportPanel() {
  const { t } = useTranslation()
  const styles = useStyles()
  const profile = useStore(appInfoStore, (s) => s.info?.profile)
  const [opened, setOpened] = useState<Opened | null>(null)
  const [values, setValues] = useState<Record<string, string>>({})
  const [plan, setPlan] = useState<PromotionPlan | null>(null)
  /** What the last apply did, shown until another document is opened (a toast alone is easily missed). */
  const [applied, setApplied] = useState<{ create: number; change: number } | null>(null)
  const { confirm, dialog } = useConfirm()
  const hubName = profile ? profileLabel(profile, t) : ''
  const planning = useHubMutation(promotionPlan)
  const applying = useHubMutation(promotionApply, { invalidates: [promotionCatalog] })
  const s = plan?.summary

  const makePlan = async (doc: Opened, given: Record<string, string>) => {
    const r = await planning.run({ document: doc.document as PromotionDocument, values: given })
    setPlan(r.ok ? r.data : null)
  }
  const open = async () => {
    const r = await invokeForResult('promotion.open', undefined)
    if (!r.ok) {
      if (r.code !== ResultCode.cancelled) showToast({ intent: 'error', message: r.message })
      return
    }
    setOpened(r.data)
    setApplied(null)
    setValues({})
    await makePlan(r.data, {})
  }
  const apply = async () => {
    if (!opened || !s) return
    // An import writes into the hub at once and all of it: say what and where, and ask.
    const counts = { create: s.create, change: s.change }
    const yes = await confirm({
      title: t('promotion:apply_confirm_title'),
      message: t('promotion:apply_confirm', { name: hubName, document: opened.name, ...counts }),
      confirmLabel: t('promotion:apply'),
    })
    if (!yes) return
    const r = await applying.run({ document: opened.document as PromotionDocument, values })
    if (r.ok) {
      setApplied(counts)
      showToast({ intent: 'success', message: r.message })
    }
    await makePlan(opened, values)
  }

  const blocked = !s || s.problems > 0 || s.create + s.change === 0
  return (
    <div className={styles.root}>
      <MessageBar intent="info">
        <MessageBarBody>{t('promotion:target_hub', { name: hubName })}</MessageBarBody>
      </MessageBar>
      {dialog}
      <div className={styles.row}>
        <Button icon={<FolderOpenRegular />} onClick={() => void open()} disabled={planning.pending || applying.pending}>
          {t('promotion:open')}
        </Button>
        {opened && <Text>{t('promotion:opened', { name: opened.name })}</Text>}
      </div>
      {applied && (
        <MessageBar intent="success">
          <MessageBarBody>{t('promotion:applied', { name: hubName, ...applied })}</MessageBarBody>
        </MessageBar>
      )}
      {plan && s && (
        <>
          <div className={styles.row} aria-label={t('promotion:summary')} role="group">
            <Badge appearance="tint" color="success">{t('promotion:count_create', { count: s.create })}</Badge>
            <Badge appearance="tint" color="warning">{t('promotion:count_change', { count: s.change })}</Badge>
            <Badge appearance="tint" color="informative">{t('promotion:count_unchanged', { count: s.unchanged })}</Badge>
            <Badge appearance="tint" color={s.problems > 0 ? 'danger' : 'informative'}>{t('promotion:count_problems', { count: s.problems })}</Badge>
          </div>
          {plan.placeholders.length > 0 && (
            <>
              <Text weight="semibold">{t('promotion:placeholders')}</Text>
              <div className={styles.placeholders}>
                {plan.placeholders.map((p) => (
                  <Field key={p.name} label={p.name} required={p.required} hint={p.required ? t('promotion:placeholder_required') : t('promotion:placeholder_optional')}>
                    <Input type="password" autoComplete="off" value={values[p.name] ?? ''} onChange={(_, d) => setValues((v) => ({ ...v, [p.name]: d.value }))} />
                  </Field>
                ))}
              </div>
            </>
          )}
          <PlanTable items={plan.items} />
          <div className={styles.row}>
            <Button icon={<ArrowSyncRegular />} disabled={!opened || planning.pending} onClick={() => opened && void makePlan(opened, values)}>
              {t('promotion:replan')}
            </Button>
            <Button appearance="primary" disabled={blocked || applying.pending || planning.pending} onClick={() => void apply()}>
              {t('promotion:apply')}
            </Button>
            {s.problems > 0 && <Text className={styles.muted}>{t('promotion:apply_blocked')}</Text>}
          </div>
        </>
      )}
    </div>
  )
}
