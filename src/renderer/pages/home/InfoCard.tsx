import type { ReactNode } from 'react'
import { Card, CardHeader, makeStyles, Subtitle2, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  card: { minWidth: '280px', flex: '1 1 300px' },
  grid: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  row: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-word' },
})

export interface InfoRow {
  label: string
  value: ReactNode
}

/** A titled card of label/value rows (a description list, so screen readers pair them). */
export function InfoCard({ title, rows, action, children }: { title: string; rows: InfoRow[]; action?: ReactNode; children?: ReactNode }) {
  const styles = useStyles()
  return (
    <Card className={styles.card} role="region" aria-label={title}>
      <CardHeader header={<Subtitle2 as="h2">{title}</Subtitle2>} action={action ? <>{action}</> : undefined} />
      <dl className={styles.grid}>
        {rows.map((r) => (
          <div key={r.label} className={styles.row}>
            <dt className={styles.term}>{r.label}</dt>
            <dd className={styles.value}>{r.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  )
}
