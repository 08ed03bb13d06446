import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { PlanAction, PlanItem } from '../../../../shared/contract/promotion/endpoints'
import { PlanDiffDialog } from './PlanDiffDialog'
import { kindKey } from './sections'

const useStyles = makeStyles({
  scroll: { maxHeight: '42vh', overflowY: 'auto' },
  problem: { color: tokens.colorPaletteRedForeground1 },
  detail: { wordBreak: 'break-word' },
  code: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
})

const ACTION_COLOUR: Record<PlanAction, 'success' | 'warning' | 'informative'> = { create: 'success', change: 'warning', unchanged: 'informative' }

/** The plan, an object a row: what happens to it, the fields it changes or the rules it breaks, and its side-by-side diff. */
export function PlanTable({ items }: { items: readonly PlanItem[] }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [shown, setShown] = useState<PlanItem | null>(null)
  return (
    <div className={styles.scroll}>
      <Table size="small" aria-label={t('promotion:plan_table')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: '110px' }}>{t('promotion:col_action')}</TableHeaderCell>
            <TableHeaderCell style={{ width: '140px' }}>{t('promotion:col_kind')}</TableHeaderCell>
            <TableHeaderCell>{t('promotion:col_code')}</TableHeaderCell>
            <TableHeaderCell>{t('promotion:col_detail')}</TableHeaderCell>
            <TableHeaderCell style={{ width: '100px' }}>{t('promotion:col_diff')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item, i) => (
            <TableRow key={`${item.kind}:${item.code}:${i}`}>
              <TableCell>
                <Badge appearance="tint" color={item.problems.length > 0 ? 'danger' : ACTION_COLOUR[item.action]}>{t(`promotion:action_${item.action}`)}</Badge>
              </TableCell>
              <TableCell>{t(kindKey(item.kind))}</TableCell>
              <TableCell className={styles.code}>{item.code}</TableCell>
              <TableCell className={styles.detail}>
                {item.problems.length > 0 ? (
                  item.problems.map((p, n) => (
                    <Text key={n} block className={styles.problem}>
                      {p.message}
                    </Text>
                  ))
                ) : item.action === 'change' ? (
                  t('promotion:changed_fields', { fields: item.fields.filter((f) => f.changed).map((f) => f.field).join(', ') })
                ) : null}
              </TableCell>
              <TableCell>
                {item.action !== 'unchanged' && (
                  <Button size="small" onClick={() => setShown(item)} aria-label={t('promotion:diff_of', { code: item.code })}>
                    {t('promotion:diff')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {shown && <PlanDiffDialog item={shown} onClose={() => setShown(null)} />}
    </div>
  )
}
