import { useTranslation } from 'react-i18next'
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { DismissRegular, WarningRegular } from '@fluentui/react-icons'

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  code: { color: tokens.colorNeutralForeground3 },
  missing: { color: tokens.colorPaletteDarkOrangeForeground1 },
})

export interface ChosenApproverProps {
  code: string
  /** The name when known; undefined: not known (yet, or the lookup was not allowed): the bare code. */
  name?: string | undefined
  /** The store has nothing by this code: the node would find nobody. */
  missing?: boolean
  onRemove: () => void
}

/** One chosen approver (a role, position or user) as the panel lists it: its name, its code, and a way to remove it. */
export function ChosenApprover({ code, name, missing = false, onRemove }: ChosenApproverProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const shown = name ?? code
  return (
    <div className={styles.row} role="listitem" aria-label={shown}>
      <div className={styles.text}>
        {missing ? (
          <Text className={styles.missing}>
            <WarningRegular /> {code}
          </Text>
        ) : (
          <Text truncate wrap={false}>
            {shown}
          </Text>
        )}
        {name !== undefined && !missing && (
          <Text size={200} className={styles.code}>
            {code}
          </Text>
        )}
      </div>
      {missing && (
        <Badge appearance="tint" color="warning" size="small">
          {t('workflow:approver_not_found')}
        </Badge>
      )}
      <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t('workflow:approver_remove', { name: shown })} onClick={onRemove} />
    </div>
  )
}
