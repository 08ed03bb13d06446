import { useTranslation } from 'react-i18next'
import { Button, Field, Input, makeStyles, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { PROCESSOR_TYPES } from '../../../../shared/rules/datahub/common'
import { KEYLESS_ROUTE_SYNTAX } from '../../../../shared/rules/datahub/route'
import { ROUTE_BY_KEY } from '../../../../shared/rules/datahub/topic'
import { CodeEditor, processorLanguage } from '../../../components/code/CodeEditor'
import { DictionarySelect } from '../../../components/DictionarySelect'
import { FormField } from '../../../components/FormField'
import type { RuleForm } from '../../../components/useRuleForm'
import { useViewOnly } from '../../../components/viewOnly'
import type { TopicValues } from './topicForm'

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  syntax: { width: '160px' },
  action: { width: '64px' },
  cell: { verticalAlign: 'top', paddingTop: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalXS },
})

type Row = TopicValues['routeTableData'][number]
const blankRow = (): Row => ({ syntax: 'JsonPath', expression: '', routingKey: '' })

/**
 * Route distribution (spec §2): the distribution type; when it routes by key ('2'), a table of
 * rows (syntax, expression, routing key) with add and delete. Row messages come from the shared
 * route rule and block the save.
 */
export function TopicRouterTab({ form }: { form: RuleForm<TopicValues> }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const viewOnly = useViewOnly()
  const { values, errors, setValue, onBlur } = form
  const rows = values.routeTableData
  const setRows = (next: Row[]) => setValue('routeTableData', next)
  const change = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const message = (path: string) => (errors[path] ? t(`messages:${errors[path]}`) : undefined)
  return (
    <>
      <FormField label={t('topic:field_distribute_type')} errorKey={errors.distributeType} required>
        <DictionarySelect dictType="dh_distribute_type" placeholder={t('topic:distribute_choose')} value={values.distributeType} onChange={(v) => setValue('distributeType', v)} onBlur={() => onBlur('distributeType')} />
      </FormField>
      {values.distributeType === ROUTE_BY_KEY && (
        <>
          {!viewOnly && (
            <div className={styles.toolbar}>
              <Button icon={<AddRegular />} onClick={() => setRows([...rows, blankRow()])}>
                {t('topic:route_add')}
              </Button>
            </div>
          )}
          <Table size="small" aria-label={t('topic:route_table')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={styles.syntax}>{t('topic:route_syntax')}</TableHeaderCell>
                <TableHeaderCell>{t('topic:route_expression')}</TableHeaderCell>
                <TableHeaderCell>{t('topic:route_routing_key')}</TableHeaderCell>
                <TableHeaderCell className={styles.action}>{t('topic:route_actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={i}>
                  <TableCell className={styles.cell}>
                    <Field validationMessage={message(`routeTableData.${i}.syntax`)}>
                      <Select aria-label={t('topic:route_cell', { row: i + 1, column: t('topic:route_syntax') })} value={row.syntax} disabled={viewOnly} onChange={(_, d) => change(i, { syntax: d.value as Row['syntax'] })}>
                        {PROCESSOR_TYPES.map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  </TableCell>
                  <TableCell className={styles.cell}>
                    <Field validationMessage={message(`routeTableData.${i}.expression`)}>
                      {/* Code (Java, JavaScript, Bean) in the code editor, mounted with the tab so it
                          lays itself out when the router tab opens; paths in a one-line input. */}
                      {KEYLESS_ROUTE_SYNTAX.includes(row.syntax) ? (
                        <CodeEditor
                          ariaLabel={t('topic:route_cell', { row: i + 1, column: t('topic:route_expression') })}
                          language={processorLanguage(row.syntax)}
                          height={120}
                          value={row.expression}
                          onChange={(v) => change(i, { expression: v })}
                          onBlur={() => onBlur('routeTableData')}
                        />
                      ) : (
                        <Input aria-label={t('topic:route_cell', { row: i + 1, column: t('topic:route_expression') })} value={row.expression} disabled={viewOnly} onChange={(_, d) => change(i, { expression: d.value })} onBlur={() => onBlur('routeTableData')} />
                      )}
                    </Field>
                  </TableCell>
                  <TableCell className={styles.cell}>
                    <Field validationMessage={message(`routeTableData.${i}.routingKey`)}>
                      <Input aria-label={t('topic:route_cell', { row: i + 1, column: t('topic:route_routing_key') })} value={row.routingKey} disabled={viewOnly} onChange={(_, d) => change(i, { routingKey: d.value })} onBlur={() => onBlur('routeTableData')} />
                    </Field>
                  </TableCell>
                  <TableCell className={styles.cell}>
                    <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('topic:route_delete', { row: i + 1 })} disabled={viewOnly} onClick={() => setRows(rows.filter((_, j) => j !== i))} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </>
  )
}
