import { useTranslation } from 'react-i18next'
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import type { FormValues, ResourceDefinition } from './resource'
import { ResourceForm } from './ResourceForm'

/** The create / edit dialog of a resource around its ResourceForm. */
export function ResourceDialog<R extends { id: string }>({ definition, row, initial, onSaved, onClose }: { definition: ResourceDefinition<R>; row?: R | undefined; initial?: FormValues | undefined; onSaved: (record: R) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const title = t(row ? 'admin:form_edit' : 'admin:form_create', { entity: t(definition.entity) })
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: '720px', width: '88vw' }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <ResourceForm definition={definition} {...(row ? { row } : {})} {...(initial ? { initial } : {})} onSaved={onSaved} onCancel={onClose} />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
