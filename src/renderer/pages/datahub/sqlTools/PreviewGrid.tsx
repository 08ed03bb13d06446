import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { Cell, SqlPreview } from '../../../../shared/contract/datahub/sqlTools'

const ROW_HEIGHT = 32
const COLUMN_WIDTH = 160

const useStyles = makeStyles({
  scroller: {
    height: '360px',
    overflow: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  row: { display: 'flex', minWidth: 'max-content' },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  cell: {
    width: `${COLUMN_WIDTH}px`,
    flexShrink: 0,
    height: `${ROW_HEIGHT}px`,
    lineHeight: `${ROW_HEIGHT}px`,
    paddingInline: tokens.spacingHorizontalS,
    boxSizing: 'border-box',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  headCell: { display: 'flex', flexDirection: 'column', height: '48px', lineHeight: tokens.lineHeightBase300, justifyContent: 'center' },
  name: { fontWeight: tokens.fontWeightSemibold },
  type: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  null: { color: tokens.colorNeutralForeground4, fontStyle: 'italic' },
  body: { position: 'relative' },
  line: { position: 'absolute', left: 0, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}` },
})

function CellText({ value }: { value: Cell }) {
  const styles = useStyles()
  if (value === null) return <span className={styles.null}>NULL</span>
  return <>{String(value)}</>
}

/**
 * The preview's rows in a virtualised grid (up to 10000 rows): only the rows in view are in the
 * page. Column headers show the name and the database type.
 */
export function PreviewGrid({ preview }: { preview: SqlPreview }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const scroller = useRef<HTMLDivElement>(null)
  const rows = useVirtualizer({ count: preview.rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 })
  const width = preview.columns.length * COLUMN_WIDTH

  return (
    <div ref={scroller} className={styles.scroller} role="table" aria-label={t('datasource:sql_preview_grid')} aria-rowcount={preview.rows.length + 1}>
      <div className={mergeClasses(styles.row, styles.header)} role="row">
        {preview.columns.map((c, i) => (
          <div key={i} className={mergeClasses(styles.cell, styles.headCell)} role="columnheader">
            <span className={styles.name}>{c.name}</span>
            <span className={styles.type}>{c.type}</span>
          </div>
        ))}
      </div>
      <div className={styles.body} style={{ height: rows.getTotalSize(), width }}>
        {rows.getVirtualItems().map((item) => (
          <div
            key={item.key}
            role="row"
            aria-rowindex={item.index + 2}
            className={mergeClasses(styles.row, styles.line)}
            style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
          >
            {preview.rows[item.index]!.map((value, i) => (
              <div key={i} className={styles.cell} role="cell" title={value === null ? undefined : String(value)}>
                <CellText value={value} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  )
}
