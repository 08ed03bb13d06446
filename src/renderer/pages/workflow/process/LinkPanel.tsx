import { useTranslation } from 'react-i18next'
import { Button, Field, Input, makeStyles, Select, Switch, Text, tokens } from '@fluentui/react-components'
import { DeleteRegular } from '@fluentui/react-icons'
import type { ProcessVariable } from '../../../../shared/contract/approvals/processTypes'
import { CONDITION_OPERATORS, type Condition, type ProcessLink, type ProcessModel } from '../../../../shared/rules/approvals/process'
import { patchLink, removeLink } from './designerModel'
import { IssueList } from './IssueList'
import type { Selection } from './DesignerCanvas'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

export interface LinkPanelProps {
  model: ProcessModel
  link: ProcessLink
  issues: readonly string[]
  variables: readonly ProcessVariable[]
  onModel: (model: ProcessModel) => void
  onSelect: (selection: Selection) => void
}

/**
 * The selected link's properties: its name and, for a link out of a condition node, the
 * condition on a process variable (/proVariate/list) or "default" (taken when no other holds;
 * one per condition node). Other links carry no condition (the hub refuses one).
 */
export function LinkPanel({ model, link, issues, variables, onModel, onSelect }: LinkPanelProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const patch = (p: Partial<ProcessLink>) => onModel(patchLink(model, link.id, p))
  const source = model.nodes.find((n) => n.id === link.source)
  const target = model.nodes.find((n) => n.id === link.target)
  const conditional = source?.type === 'condition'
  const condition: Condition = link.condition ?? { variable: (variables[0]?.code ?? 'objectType') as Condition['variable'], operator: 'eq', value: '' }
  const variable = variables.find((v) => v.code === condition.variable)
  const setCondition = (p: Partial<Condition>) => patch({ condition: { ...condition, ...p } })
  // The enum variables' values are the hub's codes: named by the hub's own texts.
  const optionLabel = (code: string, o: string) => (code === 'objectType' ? t(`messages:msg_change_object_${o}`) : code === 'action' ? t(`messages:msg_change_action_${o}`) : o)
  const nameOf = (n: typeof source) => (n ? n.name || t(`workflow:node_${n.type}`) : '')

  return (
    <div className={styles.root} role="group" aria-label={t('workflow:link_properties')}>
      <Text weight="semibold">
        {t('workflow:link')} · {nameOf(source)} → {nameOf(target)}
      </Text>
      <IssueList keys={issues} />
      <Field label={t('workflow:link_name')}>
        <Input value={link.name} maxLength={100} onChange={(_, d) => patch({ name: d.value })} />
      </Field>
      {conditional && (
        <>
          <Switch label={t('workflow:link_default')} checked={link.isDefault} onChange={(_, d) => patch(d.checked ? { isDefault: true, condition: undefined } : { isDefault: false })} />
          {!link.isDefault && (
            <>
              <Field label={t('workflow:condition_variable')}>
                <Select value={condition.variable} onChange={(_, d) => setCondition({ variable: d.value as Condition['variable'], value: '' })}>
                  {variables.map((v) => (
                    <option key={v.code} value={v.code}>
                      {v.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('workflow:condition_operator')}>
                <Select value={condition.operator} onChange={(_, d) => setCondition({ operator: d.value as Condition['operator'] })}>
                  {CONDITION_OPERATORS.map((o) => (
                    <option key={o} value={o}>
                      {t(`workflow:op_${o}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('workflow:condition_value')}>
                {variable?.type === 'enum' && condition.operator !== 'in' ? (
                  <Select value={String(condition.value)} onChange={(_, d) => setCondition({ value: d.value })}>
                    <option value="" />
                    {variable.options.map((o) => (
                      <option key={o} value={o}>
                        {optionLabel(variable.code, o)}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    type={variable?.type === 'number' ? 'number' : 'text'}
                    value={String(condition.value)}
                    onChange={(_, d) => setCondition({ value: variable?.type === 'number' && d.value !== '' ? Number(d.value) : d.value })}
                  />
                )}
              </Field>
            </>
          )}
        </>
      )}
      <Button
        icon={<DeleteRegular />}
        onClick={() => {
          onModel(removeLink(model, link.id))
          onSelect(null)
        }}
      >
        {t('workflow:link_remove')}
      </Button>
    </div>
  )
}
