import type { ComponentType } from 'react'
import { Switch } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { CustomWidgetProps } from './resource'

/**
 * A '1'/'0' flag of a form as a switch (a 'custom' widget): on is '1'. `labelKey` names what
 * the switch turns on; the field's label heads its group.
 */
export function flagSwitch(labelKey: string): ComponentType<CustomWidgetProps> {
  function FlagSwitch({ value, onChange, onBlur, disabled }: CustomWidgetProps) {
    const { t } = useTranslation()
    return <Switch checked={value === '1'} disabled={disabled} label={t(labelKey)} onChange={(_e, data) => onChange(data.checked ? '1' : '0')} onBlur={onBlur} />
  }
  return FlagSwitch
}
