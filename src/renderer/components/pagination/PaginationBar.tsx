import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Input, Label, makeStyles, Select, Text, tokens, useId } from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular, MoreHorizontalRegular } from '@fluentui/react-icons'
import { jumpFrom, PAGE_SIZES, pageCountOf, pagerItems } from './pager'

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  pages: { display: 'flex', gap: tokens.spacingHorizontalXXS, listStyleType: 'none', margin: 0, padding: 0 },
  // As wide as its longest choice: a fixed width cut "20 / page" in English.
  size: { minWidth: '110px' },
  jump: { width: '64px' },
  muted: { color: tokens.colorNeutralForeground3 },
})

export interface PageChange {
  pageNum: number
  pageSize: number
}

export interface PaginationBarProps extends PageChange {
  total: number
  onChange: (next: PageChange) => void
  pageSizes?: readonly number[]
  disabled?: boolean
}

/**
 * The spec's pagination bar (part 2 §2, §9): total, page size (10/20/30/40), previous, 5 pager
 * buttons, next and a page jumper, with its summary text in the console's language. Used by every
 * list; it only reports the wanted page, the list loads it.
 */
export function PaginationBar({ total, pageNum, pageSize, onChange, pageSizes = PAGE_SIZES, disabled = false }: PaginationBarProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const pageCount = pageCountOf(total, pageSize)
  const current = Math.min(Math.max(1, pageNum), pageCount)
  const [jump, setJump] = useState('')
  const jumpId = useId('page-jump')
  const go = (page: number) => {
    const target = Math.min(Math.max(1, page), pageCount)
    if (target !== current) onChange({ pageNum: target, pageSize })
  }
  const onJumpKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return
    const n = Number.parseInt(jump, 10)
    if (Number.isFinite(n)) go(n)
    setJump('')
  }

  return (
    <nav className={styles.root} aria-label={t('widgets:pagination_label')}>
      <Text>{t('widgets:pagination_total', { total })}</Text>
      <Select
        className={styles.size}
        aria-label={t('widgets:pagination_size_label')}
        value={String(pageSize)}
        disabled={disabled}
        // A new size starts again from page 1: the old page number may not exist any more.
        onChange={(_, d) => onChange({ pageNum: 1, pageSize: Number(d.value) })}
      >
        {pageSizes.map((s) => (
          <option key={s} value={s}>
            {t('widgets:pagination_size', { size: s })}
          </option>
        ))}
      </Select>
      <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label={t('widgets:pagination_prev')} disabled={disabled || current <= 1} onClick={() => go(current - 1)} />
      <ul className={styles.pages}>
        {pagerItems(current, pageCount).map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <Button
                appearance={item === current ? 'primary' : 'subtle'}
                aria-label={t('widgets:pagination_page', { page: item })}
                aria-current={item === current ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(item)}
              >
                {item}
              </Button>
            ) : (
              <Button
                appearance="subtle"
                icon={<MoreHorizontalRegular />}
                aria-label={item === 'prevMore' ? t('widgets:pagination_prev_more') : t('widgets:pagination_next_more')}
                disabled={disabled}
                onClick={() => go(jumpFrom(item, current, pageCount))}
              />
            )}
          </li>
        ))}
      </ul>
      <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label={t('widgets:pagination_next')} disabled={disabled || current >= pageCount} onClick={() => go(current + 1)} />
      <Label className={styles.muted} htmlFor={jumpId}>
        {t('widgets:pagination_goto')}
      </Label>
      <Input id={jumpId} className={styles.jump} inputMode="numeric" value={jump} disabled={disabled} onChange={(_, d) => setJump(d.value.replace(/\D/g, ''))} onKeyDown={onJumpKey} />
    </nav>
  )
}
