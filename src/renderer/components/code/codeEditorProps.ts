/** The code editor's props, shared by CodeEditor and the lazily loaded MonacoEditor (neither imports the other). */
export interface CodeEditorProps {
  value: string
  onChange: (value: string) => void
  /** Monaco language id: java, javascript, xml, plaintext. */
  language: string
  readOnly?: boolean
  height?: number
  ariaLabel: string
  onBlur?: () => void
}
