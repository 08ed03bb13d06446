import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/** The spec's shared search form: filter fields in a row, then Search and Reset. Enter searches. */
export function SearchForm({ label, children, onSearch, onReset, busy = false }: { label?: string; children: ReactNode; onSearch: () => void; onReset: () => void; busy?: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch()
  }
  return (
    <form role="search" aria-label={label ?? t('widgets:search_label')} className={styles.root} onSubmit={submit} noValidate>
      {children}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" icon={<SearchRegular />} disabled={busy}>
          {t('widgets:search')}
        </Button>
        <Button icon={<ArrowResetRegular />} onClick={onReset} disabled={busy}>
          {t('widgets:reset')}
        </Button>
      </div>
    </form>
  )
}
