import type { ReactElement } from 'react'
import { Button, CounterBadge, makeStyles, Tooltip } from '@fluentui/react-components'

const useStyles = makeStyles({ button: { position: 'relative', display: 'inline-flex' }, badge: { position: 'absolute', top: '0', right: '0', pointerEvents: 'none' } })

interface Props {
  icon: ReactElement
  /** Says the numbers: the button's name and its tooltip. */
  label: string
  count: number
  color: 'danger' | 'important'
  onClick: () => void
}

/** A header button with a count badge (the bell, the waiting tasks): the label says the numbers; the badge is for the eye. */
export function CountButton({ icon, label, count, color, onClick }: Props) {
  const styles = useStyles()
  return (
    <span className={styles.button}>
      <Tooltip content={label} relationship="label">
        <Button appearance="subtle" icon={icon} onClick={onClick} />
      </Tooltip>
      {count > 0 && <CounterBadge className={styles.badge} size="small" color={color} count={count} overflowCount={99} aria-hidden />}
    </span>
  )
}
