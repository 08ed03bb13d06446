import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, ArrowClockwiseRegular } from '@fluentui/react-icons'
import type { ResourceDefinition } from './resource'
import { FilteredExportButton } from './FilteredExportButton'
import { TransferButtons } from './TransferButtons'
import { useCan } from './usePermission'
import { spaceHanLatin } from '../i18n/hanSpacing'

const useStyles = makeStyles({ toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS } })

/**
 * The toolbar above a resource's list or tree: create (for who may), refresh when the screen
 * offers it, Excel import and export when the definition has them, then the screen's own parts.
 */
export function ResourceToolbar<R extends { id: string }>({
  definition,
  canCreate,
  onCreate,
  onRefresh,
  onImported,
  filters = {},
  children,
}: {
  definition: ResourceDefinition<R>
  canCreate: boolean
  onCreate: () => void
  onRefresh?: () => void
  onImported: () => void
  /** The list's applied filters (what a filtered export exports). */
  filters?: Record<string, string>
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const can = useCan()
  const exportFiltered = definition.exportFiltered
  return (
    <div className={styles.toolbar}>
      {canCreate && (
        <Button appearance="primary" icon={<AddRegular />} onClick={onCreate}>
          {spaceHanLatin(t('admin:create', { entity: t(definition.entity) }))}
        </Button>
      )}
      {onRefresh && (
        <Button icon={<ArrowClockwiseRegular />} onClick={onRefresh}>
          {t('common:refresh')}
        </Button>
      )}
      {definition.transfer && <TransferButtons kind={definition.transfer} canImport={canCreate} onImported={onImported} />}
      {exportFiltered && can(exportFiltered.permission) && <FilteredExportButton run={() => exportFiltered.run(filters)} />}
      {children}
    </div>
  )
}
