import { useTranslation } from 'react-i18next'
import { Radio, RadioGroup } from '@fluentui/react-components'
import { useViewOnly } from '../../../components/viewOnly'

/** A '1' / '0' flag as the spec's yes/no radio. */
export function YesNoRadio({ value, onChange, disabled }: { value: string; onChange: (value: '0' | '1') => void; disabled?: boolean }) {
  const { t } = useTranslation()
  const locked = useViewOnly() || disabled
  return (
    <RadioGroup layout="horizontal" value={value} disabled={locked} onChange={(_, d) => onChange(d.value === '1' ? '1' : '0')}>
      <Radio value="1" label={t('widgets:yes')} />
      <Radio value="0" label={t('widgets:no')} />
    </RadioGroup>
  )
}
