/** Whether a text is JSON (any value): what a field that stores JSON as text must hold. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
