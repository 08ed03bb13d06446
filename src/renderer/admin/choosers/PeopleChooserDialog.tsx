import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Tab, TabList } from '@fluentui/react-components'
import { EmployeeChooser } from './EmployeeChooser'
import { OrgPicker } from './OrgPicker'
import { PositionChooser, type ChosenItem } from './PositionChooser'
import { RoleChooser } from './RoleChooser'

/** Spec part 2 §2: the chooser dialog's four modes. */
export const CHOOSER_MODE = { organisation: 1, role: 2, position: 3, employee: 4 } as const
export type ChooserMode = (typeof CHOOSER_MODE)[keyof typeof CHOOSER_MODE]
const ALL_MODES: readonly ChooserMode[] = [1, 2, 3, 4]
const MODE_LABEL: Record<ChooserMode, string> = { 1: 'admin:chooser_mode_org', 2: 'admin:chooser_mode_role', 3: 'admin:chooser_mode_position', 4: 'admin:chooser_mode_employee' }

/** The choice: which kind of people, and who (organisations, roles, positions or employees). */
export interface PeopleChoice {
  mode: ChooserMode
  items: ChosenItem[]
}

export interface PeopleChooserDialogProps {
  /** The needed-type list: only these modes are offered (spec), in this order. Default: employees. */
  types?: readonly ChooserMode[]
  title?: string
  onSave: (choice: PeopleChoice) => void
  onClose: () => void
}

/**
 * The people chooser dialog (spec part 2 §2): modes 1 organisation, 2 role, 3 position,
 * 4 employee (the default); only the needed ones are offered, as tabs. Each mode is its own
 * chooser; what it picks comes back as ids, codes and names with the mode.
 */
export function PeopleChooserDialog({ types = [CHOOSER_MODE.employee], title, onSave, onClose }: PeopleChooserDialogProps) {
  const { t } = useTranslation()
  const offered = ALL_MODES.filter((m) => types.includes(m))
  const [mode, setMode] = useState<ChooserMode>(offered.includes(CHOOSER_MODE.employee) ? CHOOSER_MODE.employee : (offered[0] ?? CHOOSER_MODE.employee))
  const save = (items: ChosenItem[]) => onSave({ mode, items })
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: '960px', width: '90vw' }}>
        <DialogBody>
          <DialogTitle>{title ?? t('admin:chooser_people_title')}</DialogTitle>
          <DialogContent>
            {offered.length > 1 && (
              <TabList selectedValue={mode} onTabSelect={(_, d) => setMode(d.value as ChooserMode)}>
                {offered.map((m) => (
                  <Tab key={m} value={m}>
                    {t(MODE_LABEL[m])}
                  </Tab>
                ))}
              </TabList>
            )}
            {mode === CHOOSER_MODE.organisation && <OrgPicker onConfirm={(orgs) => save(orgs.map((o) => ({ id: o.id, code: o.code, name: o.name })))} />}
            {mode === CHOOSER_MODE.role && <RoleChooser onSave={(roles) => save(roles.map((r) => ({ id: r.id, code: r.roleCode, name: r.roleName })))} />}
            {mode === CHOOSER_MODE.position && <PositionChooser onConfirm={save} />}
            {mode === CHOOSER_MODE.employee && <EmployeeChooser onSave={(people) => save(people.map((e) => ({ id: e.id, code: e.username, name: e.nickName })))} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
