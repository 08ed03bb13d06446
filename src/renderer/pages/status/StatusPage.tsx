import type { ReactNode } from 'react'
import { Body1, makeStyles, tokens } from '@fluentui/react-components'
import { PageTitle } from '../../components/PageHeading'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  full: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
})

/** One message page (not found, not available, module not built yet), inside the shell or alone. */
export function StatusPage({ title, body, action, fullScreen = false }: { title: string; body?: ReactNode; action?: ReactNode; fullScreen?: boolean }) {
  const styles = useStyles()
  return (
    <section className={fullScreen ? `${styles.root} ${styles.full}` : styles.root} aria-label={title}>
      <PageTitle>{title}</PageTitle>
      {body && <Body1>{body}</Body1>}
      {action}
    </section>
  )
}
