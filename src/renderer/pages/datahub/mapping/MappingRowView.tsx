import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSortable } from '@dnd-kit/sortable'
import { Button, Input, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components'
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons'
import type { RowMark } from './mappingCheck'
import type { MappingField, MappingRow } from './mappingTable'

/** Fixed row height: the virtualiser places rows without measuring them. Room for the input and its message. */
export const MAPPING_ROW_HEIGHT = 60

export const useMappingGridStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: '32px 56px 1fr 1fr 120px',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'start',
    paddingLeft: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalS,
    boxSizing: 'border-box',
  },
})

const useStyles = makeStyles({
  row: {
    position: 'absolute',
    left: 0,
    width: '100%',
    paddingTop: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  dragging: { zIndex: 1, boxShadow: tokens.shadow8 },
  number: { paddingTop: tokens.spacingVerticalSNudge, color: tokens.colorNeutralForeground3 },
  cell: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  message: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  empty: { color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeBase200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  fail: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  actions: { display: 'flex' },
  handle: { cursor: 'grab', touchAction: 'none' },
})

export interface MappingRowViewProps {
  row: MappingRow
  index: number
  count: number
  /** Where the virtualiser puts the row (px from the top of the list). */
  start: number
  /** Message keys of the two cells (plain strings, so the memo holds while other rows change). */
  sourceError: string | undefined
  targetError: string | undefined
  /** What "check against sample rows" found for the row's column (shown under the target cell). */
  mark?: RowMark | undefined
  disabled: boolean
  onChange: (id: number, field: MappingField, value: string) => void
  onBlur: (id: number, field: MappingField) => void
  onMove: (from: number, to: number) => void
  onRemove: (id: number) => void
}

/**
 * One mapping row: drag handle, position, stream field, target field, move up / down / delete
 * (part 2 §2). Memoised: typing in one row re-renders that row only.
 */
export const MappingRowView = memo(function MappingRowView({ row, index, count, start, sourceError, targetError, mark, disabled, onChange, onBlur, onMove, onRemove }: MappingRowViewProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const grid = useMappingGridStyles()
  const sortable = useSortable({ id: row.id, disabled })
  const position = index + 1
  // The virtual position goes in `top`, not in a transform: dnd-kit measures rows ignoring their
  // transforms, and keeps the transform for the drag offset (vertical only: one axis to sort on).
  const dragY = sortable.transform?.y ?? 0
  const cell = (field: MappingField, label: string) => {
    const error = field === 'sourceFieldName' ? sourceError : targetError
    const messageId = `mapping-${row.id}-${field}-msg`
    return (
      <div className={styles.cell} role="cell">
        <Input
          size="small"
          aria-label={t('mapping:cell_label', { position, column: label })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          value={row[field]}
          disabled={disabled}
          onChange={(_, d) => onChange(row.id, field, d.value)}
          onBlur={() => onBlur(row.id, field)}
        />
        {error && (
          <Text id={messageId} className={styles.message}>
            {t(`messages:${error}`)}
          </Text>
        )}
        {!error && field === 'targetFieldName' && mark && <CheckMark mark={mark} className={mark.kind === 'fail' ? styles.fail : styles.empty} />}
      </div>
    )
  }
  return (
    <div
      ref={sortable.setNodeRef}
      role="row"
      aria-rowindex={position + 1}
      className={mergeClasses(grid.grid, styles.row, sortable.isDragging && styles.dragging)}
      style={{ height: MAPPING_ROW_HEIGHT, top: start, transform: dragY ? `translateY(${dragY}px)` : undefined, transition: sortable.transition }}
    >
      <span role="cell">
        <Button
          size="small"
          appearance="subtle"
          className={styles.handle}
          icon={<ReOrderDotsVerticalRegular />}
          aria-label={t('mapping:drag_row', { position })}
          disabled={disabled}
          {...sortable.attributes}
          {...sortable.listeners}
        />
      </span>
      <Text className={styles.number} role="cell">
        {position}
      </Text>
      {cell('sourceFieldName', t('mapping:col_source'))}
      {cell('targetFieldName', t('mapping:col_target'))}
      <div className={styles.actions} role="cell">
        <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} aria-label={t('mapping:move_up', { position })} title={t('mapping:move_up', { position })} disabled={disabled || index === 0} onClick={() => onMove(index, index - 1)} />
        <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} aria-label={t('mapping:move_down', { position })} title={t('mapping:move_down', { position })} disabled={disabled || index === count - 1} onClick={() => onMove(index, index + 1)} />
        <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('mapping:delete_row', { position })} title={t('mapping:delete_row', { position })} disabled={disabled} onClick={() => onRemove(row.id)} />
      </div>
    </div>
  )
})

function CheckMark({ mark, className }: { mark: RowMark; className: string }) {
  const { t } = useTranslation()
  const text = mark.kind === 'fail' ? t('mapping:mark_fail', { reason: mark.reason }) : t('mapping:mark_empty')
  return (
    <Text className={className} title={text} data-check-mark={mark.kind}>
      {text}
    </Text>
  )
}
