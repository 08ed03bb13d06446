import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Spinner } from '@fluentui/react-components'
import { producerGetColumnsByDataSourceNameAndTableName, type Column } from '../../../../shared/contract/datahub/sqlTools'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'

export interface ColumnsFromTableButtonProps {
  dataSourceName: string
  tableName: string
  /** The table's columns with their types, comments and primary-key flags. */
  onColumns: (columns: Column[]) => void
  disabled?: boolean
}

/**
 * "Read the table's columns" for the dblink form: asks the hub for the columns of the table on
 * the chosen data source. Without a data source or table it says so and asks nothing; a
 * refusal of the hub is shown as the catalogue says (toast with the hub's message).
 */
export function ColumnsFromTableButton({ dataSourceName, tableName, onColumns, disabled }: ColumnsFromTableButtonProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)

  const load = async () => {
    const missing = !dataSourceName.trim() ? 'msg_sql_datasource_required' : !tableName.trim() ? 'msg_table_name_required' : null
    if (missing) {
      showToast({ intent: 'error', message: t(`messages:${missing}`) })
      return
    }
    setBusy(true)
    const result = await callHub(producerGetColumnsByDataSourceNameAndTableName, { dataSourceName: dataSourceName.trim(), tableName: tableName.trim() })
    setBusy(false)
    if (result.ok) onColumns(result.data)
  }

  return (
    <Button onClick={() => void load()} disabled={disabled || busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
      {t('datasource:columns_from_table')}
    </Button>
  )
}
