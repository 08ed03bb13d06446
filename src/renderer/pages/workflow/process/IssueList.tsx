import { useTranslation } from 'react-i18next'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { ErrorCircleRegular } from '@fluentui/react-icons'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'flex-start', color: tokens.colorPaletteRedForeground1 },
})

/** Validation messages (message keys, the hub's words) where they belong: under a node, a link, or the canvas. */
export function IssueList({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation()
  const styles = useStyles()
  if (keys.length === 0) return null
  return (
    <ul className={styles.root} role="alert">
      {keys.map((k) => (
        <li key={k} className={styles.item}>
          <ErrorCircleRegular />
          <Text size={200}>{t(`messages:${k}`)}</Text>
        </li>
      ))}
    </ul>
  )
}
