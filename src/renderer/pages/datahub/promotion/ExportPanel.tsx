import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Button, Checkbox, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Text, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import type { PromotionSelection } from '../../../../shared/contract/promotion/document'
import { promotionCatalog } from '../../../../shared/contract/promotion/endpoints'
import { ResultCode } from '../../../../shared/envelope'
import { useHubQuery } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { invokeForResult } from '../../../bridge/resultChannels'
import { missingNeeds } from './missingNeeds'
import { emptySelection, SECTIONS, sectionKey } from './sections'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { display: 'flex', flexDirection: 'column', maxHeight: '240px', overflowY: 'auto', paddingLeft: tokens.spacingHorizontalM },
  name: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
})

/**
 * Export: pick objects of each kind, then the main process asks the hub for the document and
 * saves it where the native save dialog says. Secrets never leave the hub: they are placeholders.
 */
export function ExportPanel() {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const catalog = useHubQuery(promotionCatalog, undefined)
  const [selection, setSelection] = useState<PromotionSelection>(emptySelection)
  const [busy, setBusy] = useState(false)
  const count = SECTIONS.reduce((n, s) => n + selection[s].length, 0)
  const missing = missingNeeds(catalog.data?.topics ?? [], selection, {
    dataSources: (catalog.data?.dataSources ?? []).map((d) => d.code),
    apiAuthentications: (catalog.data?.apiAuthentications ?? []).map((a) => a.code),
  })
  const missingCount = missing.dataSources.length + missing.apiAuthentications.length

  const toggle = (section: keyof PromotionSelection, codes: string[], on: boolean) =>
    setSelection((current) => {
      const kept = current[section].filter((c) => !codes.includes(c))
      return { ...current, [section]: on ? [...kept, ...codes] : kept }
    })

  const exportNow = async () => {
    setBusy(true)
    const r = await invokeForResult('promotion.export', { selection })
    setBusy(false)
    if (r.ok) showToast({ intent: 'success', message: r.message })
    else if (r.code !== ResultCode.cancelled) showToast({ intent: 'error', message: r.message })
  }

  return (
    <div className={styles.root}>
      <Text>{t('promotion:export_hint')}</Text>
      <Accordion multiple collapsible defaultOpenItems={['topics']}>
        {SECTIONS.map((section) => {
          const items = catalog.data?.[section] ?? []
          const picked = selection[section]
          const all = items.length > 0 && items.every((i) => picked.includes(i.code))
          return (
            <AccordionItem key={section} value={section}>
              <AccordionHeader>{t('promotion:section_count', { section: t(sectionKey(section)), picked: picked.length, total: items.length })}</AccordionHeader>
              <AccordionPanel>
                {items.length === 0 ? (
                  <Text className={styles.name}>{t('promotion:section_empty')}</Text>
                ) : (
                  <div className={styles.list}>
                    <Checkbox
                      label={t('promotion:select_all')}
                      checked={all ? true : picked.length > 0 ? 'mixed' : false}
                      onChange={(_, d) => toggle(section, items.map((i) => i.code), d.checked === true)}
                    />
                    {items.map((item) => (
                      <Checkbox
                        key={item.code}
                        checked={picked.includes(item.code)}
                        onChange={(_, d) => toggle(section, [item.code], d.checked === true)}
                        label={
                          <>
                            {item.code} {item.name && <span className={styles.name}>· {item.name}</span>}
                          </>
                        }
                      />
                    ))}
                  </div>
                )}
              </AccordionPanel>
            </AccordionItem>
          )
        })}
      </Accordion>
      {missingCount > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            {t('promotion:needs_missing')}{' '}
            {new Intl.ListFormat(i18n.language).format([
              ...missing.dataSources.map((c) => `${t('promotion:kind_dataSource')} ${c}`),
              ...missing.apiAuthentications.map((c) => `${t('promotion:kind_apiAuthentication')} ${c}`),
            ])}
          </MessageBarBody>
          <MessageBarActions>
            <Button
              onClick={() => {
                toggle('dataSources', missing.dataSources, true)
                toggle('apiAuthentications', missing.apiAuthentications, true)
              }}
            >
              {t('promotion:needs_add')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" icon={<ArrowDownloadRegular />} disabled={busy || count === 0} onClick={() => void exportNow()}>
          {t('promotion:export')}
        </Button>
        <Text className={styles.name}>{t('promotion:selected', { count })}</Text>
      </div>
    </div>
  )
}
