import { useCallback, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowMoveRegular, DismissRegular, ResizeSmallRegular } from '@fluentui/react-icons'
import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useSensor, useSensors, type DragEndEvent, type KeyboardCoordinateGetter } from '@dnd-kit/core'
import { GRID_COLUMNS, type Placement } from '../../../shared/rules/dashboards/dashboard'
import { dragged, gridRows, ROW_HEIGHT, settle } from './layoutGrid'

const GAP = 8

const useStyles = makeStyles({
  grid: { position: 'relative', width: '100%' },
  editing: {
    backgroundImage: `linear-gradient(to right, ${tokens.colorNeutralStroke3} 1px, transparent 1px), linear-gradient(to bottom, ${tokens.colorNeutralStroke3} 1px, transparent 1px)`,
    backgroundSize: `calc(100% / ${GRID_COLUMNS}) ${ROW_HEIGHT}px`,
    borderRadius: tokens.borderRadiusMedium,
  },
  tile: {
    position: 'absolute',
    boxSizing: 'border-box',
    padding: `${GAP / 2}px`,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
  },
  dragging: { zIndex: 10, boxShadow: tokens.shadow16, opacity: 0.9 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, minHeight: '32px' },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  body: { flexGrow: 1, minHeight: 0, padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS}` },
  handle: { cursor: 'grab', touchAction: 'none' },
  resize: { position: 'absolute', right: `${GAP / 2}px`, bottom: `${GAP / 2}px`, cursor: 'nwse-resize', touchAction: 'none' },
})

export interface GridItem {
  placement: Placement
  title: string
  body: ReactNode
}

/** The grid's column width now (the grid follows the window's width). */
function useColumnWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const width = useCallback(() => (ref.current?.clientWidth ?? GRID_COLUMNS * 80) / GRID_COLUMNS, [])
  return { ref, width }
}

function Tile({ item, editable, onRemove }: { item: GridItem; editable: boolean; onRemove?: (() => void) | undefined }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { placement: p, title } = item
  const move = useDraggable({ id: `move:${p.widgetId}`, disabled: !editable })
  const resize = useDraggable({ id: `resize:${p.widgetId}`, disabled: !editable })
  const dx = move.transform?.x ?? 0
  const dy = move.transform?.y ?? 0
  const rw = resize.transform?.x ?? 0
  const rh = resize.transform?.y ?? 0
  return (
    <div
      ref={move.setNodeRef}
      className={mergeClasses(styles.tile, (move.isDragging || resize.isDragging) && styles.dragging)}
      role="region"
      aria-label={title}
      style={{
        left: `${(p.x / GRID_COLUMNS) * 100}%`,
        top: `${p.y * ROW_HEIGHT}px`,
        width: `calc(${(p.w / GRID_COLUMNS) * 100}% + ${rw}px)`,
        height: `${p.h * ROW_HEIGHT + rh}px`,
        transform: dx || dy ? `translate(${dx}px, ${dy}px)` : undefined,
      }}
    >
      <div className={styles.card}>
        <div className={styles.bar}>
          {editable && (
            <Button
              size="small"
              appearance="subtle"
              icon={<ArrowMoveRegular />}
              className={styles.handle}
              aria-label={t('dashboards:move_widget', { title })}
              title={t('dashboards:move_widget', { title })}
              {...move.listeners}
              {...move.attributes}
            />
          )}
          <span className={styles.title} title={title}>{title}</span>
          {editable && onRemove && <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t('dashboards:remove_widget', { title })} title={t('dashboards:remove_widget', { title })} onClick={onRemove} />}
        </div>
        <div className={styles.body}>{item.body}</div>
      </div>
      {editable && (
        <Button
          ref={resize.setNodeRef}
          size="small"
          appearance="transparent"
          icon={<ResizeSmallRegular />}
          className={styles.resize}
          aria-label={t('dashboards:resize_widget', { title })}
          title={t('dashboards:resize_widget', { title })}
          {...resize.listeners}
          {...resize.attributes}
        />
      )}
    </div>
  )
}

/**
 * A dashboard's widgets on its 12-column grid. Editing, each tile is moved by its handle and
 * resized by its corner with @dnd-kit (pointer, or the keyboard: space to pick up, arrows move a
 * cell, space to drop); where it lands snaps to the grid and the widgets it would cover move down.
 */
export function DashboardGrid({ items, editable = false, onChange, onRemove }: { items: GridItem[]; editable?: boolean; onChange?: (layout: Placement[]) => void; onRemove?: (widgetId: string) => void }) {
  const styles = useStyles()
  const column = useColumnWidth()
  // Arrow keys move by one grid cell.
  const byCell = useCallback<KeyboardCoordinateGetter>(
    (event, { currentCoordinates }) => {
      const step = { ArrowRight: [column.width(), 0], ArrowLeft: [-column.width(), 0], ArrowDown: [0, ROW_HEIGHT], ArrowUp: [0, -ROW_HEIGHT] }[event.code]
      return step ? { x: currentCoordinates.x + step[0]!, y: currentCoordinates.y + step[1]! } : undefined
    },
    [column],
  )
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: byCell }))
  const layout = items.map((i) => i.placement)
  const onDragEnd = ({ active, delta }: DragEndEvent) => {
    const [mode, widgetId] = String(active.id).split(':') as ['move' | 'resize', string]
    const p = layout.find((q) => q.widgetId === widgetId)
    if (!p || !onChange) return
    const cells = { x: Math.round(delta.x / column.width()), y: Math.round(delta.y / ROW_HEIGHT) }
    if (cells.x === 0 && cells.y === 0) return
    onChange(settle(layout, dragged(p, mode, cells)))
  }
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <div ref={column.ref} className={mergeClasses(styles.grid, editable && styles.editing)} style={{ height: `${gridRows(layout) * ROW_HEIGHT}px` }}>
        {items.map((item) => (
          <Tile key={item.placement.widgetId} item={item} editable={editable} onRemove={onRemove ? () => onRemove(item.placement.widgetId) : undefined} />
        ))}
      </div>
    </DndContext>
  )
}
