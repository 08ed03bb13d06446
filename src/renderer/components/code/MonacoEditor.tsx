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
import Editor, { loader } from '@monaco-editor/react'
import type { CodeEditorProps } from './codeEditorProps'

self.MonacoEnvironment = { getWorker: () => new EditorWorker() }
// Without this @monaco-editor/react fetches Monaco from a CDN.
loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]['monaco'] })

export default function MonacoEditor({ value, onChange, language, readOnly, height = 220, ariaLabel, onBlur }: CodeEditorProps) {
  return (
    <Editor
      height={height}
      language={language}
      value={value}
      theme="vs"
      onChange={(v) => onChange(v ?? '')}
      onMount={(editor) => {
        if (onBlur) editor.onDidBlurEditorText(onBlur)
      }}
      options={{ readOnly, minimap: { enabled: false }, scrollBeyondLastLine: false, ariaLabel, automaticLayout: true, fontSize: 13 }}
    />
  )
}
