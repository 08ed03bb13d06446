import { useTranslation } from 'react-i18next'
import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import type { ChangeObjectType } from '../../shared/rules/approvals/process'
import { useChangingMark } from '../components/changing/changingMarks'
import { ToolDialog } from '../components/ToolDialog'
import type { FormValues, ResourceDefinition } from './resource'
import { ResourceFormFields, useResourceForm } from './ResourceForm'
import { spaceHanLatin } from '../i18n/hanSpacing'

/**
 * The create / edit dialog of a resource: a form whose fields scroll in the body, with cancel
 * and save in the action bar (both wait while the hub has the save).
 */
export function ResourceDialog<R extends { id: string }>({ definition, row, initial, onSaved, onClose }: { definition: ResourceDefinition<R>; row?: R | undefined; initial?: FormValues | undefined; onSaved: (record: R) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const state = useResourceForm({ definition, ...(row ? { row } : {}), ...(initial ? { initial } : {}), onSaved, onSubmitted: onClose })
  const title = spaceHanLatin(t(row ? 'admin:form_edit' : 'admin:form_create', { entity: t(definition.entity) }))
  return (
    <>
      <ToolDialog title={title} onClose={onClose} closeLabel={t('common:cancel')} confirm={{ label: t('common:save') }} form={{ label: title, onSubmit: () => void state.save() }} busy={state.saving}>
        {definition.changeControl && row && <ChangingNote objectType={definition.changeControl} id={row.id} />}
        <ResourceFormFields definition={definition} state={state} />
      </ToolDialog>
      {state.confirmDialog}
    </>
  )
}

/** A record with a change under review: its saves are refused until the change is decided (issue 19). */
function ChangingNote({ objectType, id }: { objectType: ChangeObjectType; id: string }) {
  const { t } = useTranslation()
  const changing = useChangingMark(objectType, id)
  if (!changing) return null
  return (
    <MessageBar intent="warning">
      <MessageBarBody>{t('workflow:changing_editor_note', { submitter: changing.submitterName })}</MessageBarBody>
    </MessageBar>
  )
}
