/**
 * Monaco, bundled and offline (stack.md recipe): only the editor core and the tokenizers the
 * processors need (Java, JavaScript, XML), one worker from our own origin — CSP worker-src
 * 'self' blob: (src/main/security/csp.ts). Loaded lazily by CodeEditor: this chunk is large.
 */
import * as monaco from 'monaco-editor/editor/editor.api'
import 'monaco-editor/languages/definitions/java/register'
import 'monaco-editor/languages/definitions/javascript/register'
import 'monaco-editor/languages/definitions/xml/register'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react'
import Editor, { loader } from '@monaco-editor/react'
import type { CodeEditorProps } from './codeEditorProps'

self.MonacoEnvironment = { getWorker: () => new EditorWorker() }
// Without this @monaco-editor/react fetches Monaco from a CDN.
loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]['monaco'] })

/**
 * The text is the editor's own while it is typed in: the form's value goes in once (defaultValue)
 * and afterwards only when it differs from the editor's text — an outside change (a record loaded,
 * a disabled processor blanked). The library's controlled `value` wrote the prop back from a
 * passive effect, which runs after keys typed since: at typing speed it put back an older text
 * and moved the caret, losing and shuffling characters (issue 33). Here the check runs in a layout
 * effect, in the same task as the render that carries the value, before another key can arrive,
 * so the editor's own text always comes back equal and is left alone.
 */
export default function MonacoEditor({ value, onChange, language, readOnly, height = 220, ariaLabel, onBlur }: CodeEditorProps) {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null)
  const latest = useRef(value)
  latest.current = value
  // One listener for the editor's life (the library re-subscribes whenever the callback changes).
  const report = useRef(onChange)
  report.current = onChange
  const changed = useCallback((v: string | undefined) => report.current(v ?? ''), [])
  useLayoutEffect(() => {
    const editor = editorRef.current
    const model = editor?.getModel()
    if (!editor || !model || model.getValue() === value) return
    // A read-only editor takes no edits; an editable one takes an edit, not setValue, so that its undo history survives.
    if (editor.getOption(monaco.editor.EditorOption.readOnly)) return editor.setValue(value)
    editor.executeEdits('outside', [{ range: model.getFullModelRange(), text: value, forceMoveMarkers: true }])
    editor.pushUndoStop()
  }, [value])
  const options = useMemo(() => ({ readOnly, minimap: { enabled: false }, scrollBeyondLastLine: false, ariaLabel, automaticLayout: true, fontSize: 13 }), [readOnly, ariaLabel])
  return (
    <Editor
      height={height}
      language={language}
      defaultValue={value}
      theme="vs"
      onChange={changed}
      onMount={(editor) => {
        editorRef.current = editor
        // A value changed while Monaco was starting: the layout effect had no editor yet.
        if (editor.getValue() !== latest.current) editor.setValue(latest.current)
        if (onBlur) editor.onDidBlurEditorText(onBlur)
      }}
      options={options}
    />
  )
}
