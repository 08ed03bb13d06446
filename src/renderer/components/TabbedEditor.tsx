import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { makeStyles, MessageBar, MessageBarBody, Spinner, Tab, TabList, Text, tokens } from '@fluentui/react-components'
import { ToolDialog } from './ToolDialog'
import { ViewOnlyContext } from './viewOnly'

const useStyles = makeStyles({
  // Tabs switch without the dialog jumping in height, but never so tall that a short window
  // (600 px, or 800 px at 200% zoom) pushes Save and Back off screen (issue 24).
  content: { minHeight: 'min(360px, 40vh)' },
  // The tab list stays in view while a long tab scrolls under it.
  tabs: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground1 },
  description: { display: 'block', color: tokens.colorNeutralForeground3, marginTop: 0, marginBottom: tokens.spacingVerticalM },
  fieldset: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

export interface EditorTab {
  id: string
  label: string
  /** Spec: "each tab has a description line". */
  description: string
  disabled?: boolean
  hidden?: boolean
  /** Its controls act rather than edit (a run history's "run now"): usable in view mode too. */
  notAnEdit?: boolean
  render: () => ReactNode
}

export interface TabbedEditorProps {
  open: boolean
  title: string
  tabs: readonly EditorTab[]
  selected: string
  onSelect: (id: string) => void
  /** View mode: Save hidden, every input and removal disabled. */
  viewOnly: boolean
  saving?: boolean
  /** The record is still loading: the tabs wait for it. */
  loading?: boolean
  /** A refusal of the hub to show above the buttons (the form stays as the user left it). */
  message?: string | null
  /** A note above the tabs (a record under review refuses saves). */
  notice?: string | null
  onSave: () => void
  onBack: () => void
}

/**
 * The frame of the topic, producer and consumer editors (spec §2 "Tabbed editor"): the console's
 * dialog frame 88% wide ("three large dialogs … 88% wide"), a tab list with each tab's
 * description line, the selected tab's form in the scrolling body, Back and Save in the action bar.
 * The entity forms decide which tabs exist and when they are enabled; the frame only lays them out.
 */
export function TabbedEditor({ open, title, tabs, selected, onSelect, viewOnly, saving = false, loading = false, message, notice, onSave, onBack }: TabbedEditorProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const visible = tabs.filter((tab) => !tab.hidden)
  const current = visible.find((tab) => tab.id === selected && !tab.disabled) ?? visible[0]
  return (
    <ToolDialog
      open={open}
      title={title}
      size="full"
      onClose={onBack}
      form={{ label: title, onSubmit: () => !viewOnly && !saving && onSave() }}
      confirm={viewOnly ? undefined : { label: t('common:save'), disabled: loading }}
      busy={saving}
      bodyClassName={styles.content}
    >
      {notice && (
        <MessageBar intent="warning">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
      <TabList className={styles.tabs} selectedValue={current?.id} onTabSelect={(_, d) => onSelect(String(d.value))} aria-label={title}>
        {visible.map((tab) => (
          <Tab key={tab.id} value={tab.id} disabled={tab.disabled}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {loading && <Spinner label={t('widgets:loading')} />}
      {current && !loading && (
        <div role="tabpanel" aria-label={current.label}>
          <Text as="p" className={styles.description}>
            {current.description}
          </Text>
          <ViewOnlyContext.Provider value={viewOnly && !current.notAnEdit}>
            {/* A disabled fieldset disables every native control inside, whatever the form forgot. */}
            <fieldset className={styles.fieldset} disabled={viewOnly && !current.notAnEdit}>
              {current.render()}
            </fieldset>
          </ViewOnlyContext.Provider>
        </div>
      )}
      {message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
    </ToolDialog>
  )
}
