import { makeStyles, tokens } from '@fluentui/react-components'

/** The user-centre pages' common layout: a titled column of narrow sections. */
export const usePageStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
})
