import { useTranslation } from 'react-i18next'
import { ColorSwatch, Field, Input, makeStyles, SwatchPicker, tokens } from '@fluentui/react-components'
import { normalizeHex } from '../../../theme/brandRamp'
import { SKIN_PRESETS } from '../../../theme/skin'

const useStyles = makeStyles({ row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalL } })

/** The theme colour: one of the presets, or any #RRGGBB typed in (checked as it is typed). */
export function ColourChoice({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const hex = normalizeHex(value)
  return (
    <Field label={t('config:skin_color')} validationMessage={hex ? undefined : t('messages:msg_theme_color_invalid')}>
      <div className={styles.row}>
        <SwatchPicker aria-label={t('config:skin_presets')} selectedValue={hex ?? ''} onSelectionChange={(_, d) => onChange(d.selectedValue)}>
          {SKIN_PRESETS.map((c) => (
            <ColorSwatch key={c} value={c} color={c} aria-label={c} />
          ))}
        </SwatchPicker>
        <Input aria-label={t('config:skin_color_hex')} value={value} maxLength={7} onChange={(_, d) => onChange(d.value)} />
      </div>
    </Field>
  )
}
