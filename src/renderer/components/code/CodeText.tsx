import { makeStyles, tokens, type GriffelStyle } from '@fluentui/react-components'

/** Read-only text in a code font on a sunken background, wrapped, scrolling past its height: a message, a request, an error's detail. */
export const codeBlock: GriffelStyle = {
  margin: 0,
  maxHeight: '180px',
  overflow: 'auto',
  padding: tokens.spacingHorizontalS,
  backgroundColor: tokens.colorNeutralBackground3,
  borderRadius: tokens.borderRadiusMedium,
  fontFamily: tokens.fontFamilyMonospace,
  fontSize: tokens.fontSizeBase200,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
}

const useStyles = makeStyles({ code: codeBlock })

/** A message as an operator reads it: JSON pretty-printed, anything else as it is. */
export function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** A message, a body or an envelope as read-only text (readable), named by `label`, scrolling past a few lines. */
export function CodeText({ text, label }: { text: string; label: string }) {
  const styles = useStyles()
  return (
    <pre className={styles.code} aria-label={label}>
      {readable(text)}
    </pre>
  )
}
