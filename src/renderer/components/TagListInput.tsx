import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Input, makeStyles, Tag, tokens } from '@fluentui/react-components'
import { AddRegular, DismissRegular } from '@fluentui/react-icons'
import { addTag } from './tags'
import { useViewOnly } from './viewOnly'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  add: { display: 'flex', gap: tokens.spacingHorizontalS },
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, listStyleType: 'none', margin: 0, padding: 0 },
  item: { display: 'inline-flex', alignItems: 'center' },
})

export interface TagListInputProps {
  tags: readonly string[]
  onChange: (tags: readonly string[]) => void
  /** Accessible name of the text box (the field's label). */
  label: string
  disabled?: boolean
}

/** Tags edited as a list (spec §3): type and add, remove one by one; nothing removable in view mode. */
export function TagListInput({ tags, onChange, label, disabled = false }: TagListInputProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const locked = useViewOnly() || disabled
  const [draft, setDraft] = useState('')
  const add = () => {
    const next = addTag(tags, draft)
    if (next !== tags) onChange(next)
    setDraft('')
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the tag instead of submitting the whole editor.
    if (e.key === 'Enter') {
      e.preventDefault()
      add()
    }
  }
  return (
    <div className={styles.root}>
      {!locked && (
        <div className={styles.add}>
          <Input aria-label={label} placeholder={t('widgets:tag_placeholder')} value={draft} onChange={(_, d) => setDraft(d.value)} onKeyDown={onKey} />
          <Button icon={<AddRegular />} onClick={add}>
            {t('widgets:tag_add')}
          </Button>
        </div>
      )}
      <ul className={styles.list} aria-label={label}>
        {tags.map((tag) => (
          <li key={tag} className={styles.item}>
            <Tag size="small" appearance="brand">
              {tag}
            </Tag>
            <Button
              size="small"
              appearance="transparent"
              icon={<DismissRegular />}
              aria-label={t('widgets:tag_remove', { tag })}
              disabled={locked}
              onClick={() => onChange(tags.filter((x) => x !== tag))}
            />
          </li>
        ))}
      </ul>
    </div>
  )
}
