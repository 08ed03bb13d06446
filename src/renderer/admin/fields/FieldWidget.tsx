import { useTranslation } from 'react-i18next'
import { Input, Radio, RadioGroup, Select, Textarea } from '@fluentui/react-components'
import { ApplicationSelect } from '../../components/ApplicationSelect'
import { DictionarySelect, dictionaryLabel, useDictionary } from '../../components/DictionarySelect'
import type { FieldDef } from '../resource'
import { RemoteSelect } from './RemoteSelect'
import { TreeChecklist, TreeSelect } from './TreeSelect'
import { useTreeSource } from './useTreeNodes'

export interface FieldWidgetProps {
  field: FieldDef
  value: unknown
  onChange: (value: unknown) => void
  /** Sets another value of the form that this field fills (an application's name beside its code). */
  onRelatedChange?: (name: string, value: unknown) => void
  onBlur: () => void
  disabled?: boolean
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v))

/** Radio choices from fixed options or a dictionary. */
function RadioField({ field, value, onChange, disabled }: FieldWidgetProps) {
  const { t, i18n } = useTranslation()
  const entries = useDictionary(field.dictType ?? '')
  const options = field.options?.map((o) => ({ value: o.value, label: t(o.label) })) ?? entries.map((e) => ({ value: e.dictValue, label: dictionaryLabel(e, i18n.language) }))
  return (
    <RadioGroup layout="horizontal" value={text(value)} disabled={disabled} onChange={(_, d) => onChange(d.value)} aria-label={t(field.label)}>
      {options.map((o) => (
        <Radio key={o.value} value={o.value} label={o.label} />
      ))}
    </RadioGroup>
  )
}

function TreeField({ field, value, onChange, onBlur, disabled }: FieldWidgetProps) {
  const { t } = useTranslation()
  const { nodes, loaded } = useTreeSource(field.tree)
  if (field.widget === 'treeMulti') {
    const empty = loaded ? t(field.empty ?? 'widgets:empty') : undefined
    return <TreeChecklist nodes={nodes} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} disabled={disabled} label={t(field.label)} {...(empty ? { empty } : {})} />
  }
  return <TreeSelect nodes={nodes} value={text(value)} onChange={onChange} onBlur={onBlur} disabled={disabled} aria-label={t(field.label)} />
}

/** The control of one form field, by its widget. Values stay text; the shared rules coerce numbers. */
export function FieldWidget(props: FieldWidgetProps) {
  const { field, value, onChange, onRelatedChange, onBlur, disabled } = props
  const { t } = useTranslation()
  const label = t(field.label)
  switch (field.widget) {
    case 'textarea':
      return <Textarea value={text(value)} disabled={disabled} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} aria-label={label} resize="vertical" />
    case 'select':
      return (
        <Select value={text(value)} disabled={disabled} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} aria-label={label}>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </Select>
      )
    case 'dictionary':
      return <DictionarySelect dictType={field.dictType ?? ''} value={text(value)} onChange={onChange} onBlur={onBlur} disabled={disabled} placeholder="" aria-label={label} />
    case 'radio':
      return <RadioField {...props} />
    case 'tree':
    case 'treeMulti':
      return <TreeField {...props} />
    case 'application':
      return (
        <ApplicationSelect
          appType=""
          value={text(value)}
          disabled={disabled}
          aria-label={label}
          onBlur={onBlur}
          onChange={(app) => {
            onChange(app.code)
            if (field.nameField) onRelatedChange?.(field.nameField, app.name)
          }}
        />
      )
    case 'custom': {
      const Custom = field.component
      return Custom ? <Custom value={value} onChange={onChange} onBlur={onBlur} {...(disabled === undefined ? {} : { disabled })} /> : null
    }
    case 'remoteSelect':
      return <RemoteSelect source={field.remote} value={text(value)} onChange={onChange} onBlur={onBlur} disabled={disabled} aria-label={label} />
    default: {
      const type = field.widget === 'password' ? 'password' : field.widget === 'number' ? 'number' : field.widget === 'date' ? 'date' : 'text'
      return <Input type={type} value={text(value)} disabled={disabled} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} aria-label={label} />
    }
  }
}
