import { Suspense } from 'react'
import { lazyChunk } from '../../routing/lazyChunk'
import { makeStyles, mergeClasses, Textarea, tokens } from '@fluentui/react-components'
import { OWN_KEYS_CLASS } from '../keyScope'
import { useViewOnly } from '../viewOnly'
import type { CodeEditorProps } from './codeEditorProps'

export type { CodeEditorProps } from './codeEditorProps'


const useStyles = makeStyles({
  frame: { border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', minHeight: '120px' },
  plain: { width: '100%', fontFamily: tokens.fontFamilyMonospace },
})

const Monaco = lazyChunk(() => import('./MonacoEditor'))

/** A plain text area: while Monaco loads, and in jsdom tests (no layout, no workers there). */
function PlainEditor({ value, onChange, readOnly, ariaLabel, onBlur }: CodeEditorProps) {
  const styles = useStyles()
  return <Textarea className={styles.plain} rows={8} resize="vertical" value={value} disabled={readOnly} aria-label={ariaLabel} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} />
}

/**
 * The code editor of the preprocess and router tabs: Monaco, loaded on first use (spec §2 "code
 * editors refresh when preprocess or router is opened": it mounts with the tab). View mode makes
 * it read-only.
 *
 * Every key typed in it is its own, wherever it is opened (issue 33): its frame is out of the
 * window key listeners' reach (keyScope.ts), and Escape stops here — it closes the editor's own
 * widgets (suggestions, find), never the dialog around it with the code typed so far.
 */
export function CodeEditor(props: CodeEditorProps) {
  const styles = useStyles()
  const readOnly = useViewOnly() || props.readOnly === true
  if (import.meta.env.MODE === 'test') return <PlainEditor {...props} readOnly={readOnly} />
  return (
    <div
      className={mergeClasses(styles.frame, OWN_KEYS_CLASS)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation()
      }}
    >
      <Suspense fallback={<PlainEditor {...props} readOnly={readOnly} />}>
        <Monaco {...props} readOnly={readOnly} />
      </Suspense>
    </div>
  )
}

/** The editor language of a processor type (spec: JsonPath, XPath, JavaScript, Bean, Java). */
export const processorLanguage = (type: string): string =>
  type === 'Java' ? 'java' : type === 'JavaScript' ? 'javascript' : type === 'XPath' ? 'xml' : 'plaintext'
