import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, tokens } from '@fluentui/react-components'
import { MoreHorizontalRegular } from '@fluentui/react-icons'

const useStyles = makeStyles({
  // One line, whatever the number of actions: the column sizes to it (tableLayout.ts).
  root: { display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
})

export interface RowActionItem {
  key: string
  /** The translated label. */
  label: string
  icon?: ReactElement | undefined
  onClick: () => void
  /** Rarely used (reset a password, make an administrator): in the row's ⋯ menu, not a button. */
  overflow?: boolean | undefined
}

/**
 * A table row's actions, the same in every list: the common ones as buttons on one line, the
 * rarely used ones in an overflow menu (⋯) at the end, so the column stays narrow and one row
 * high (issue 23: four actions stacked vertically on the users list).
 */
export function RowActions({ items, name }: { items: readonly RowActionItem[]; /** The row's name, in the ⋯ button's label. */ name: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const inline = items.filter((a) => !a.overflow)
  const more = items.filter((a) => a.overflow)
  return (
    <div className={styles.root}>
      {inline.map((a) => (
        <Button key={a.key} size="small" appearance="subtle" icon={a.icon} onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t('admin:more_actions', { name })} title={t('admin:more_actions', { name })} />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {more.map((a) => (
                <MenuItem key={a.key} icon={a.icon} onClick={a.onClick}>
                  {a.label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </div>
  )
}
