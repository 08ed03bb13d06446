/** A row of the API editor's params, headers or form fields. */
export interface ApiRow {
  key: string
  value: string
  checked?: boolean
}

/** Spec §2: only checked rows with a key are sent. */
export const checkedRows = <R extends ApiRow>(rows: readonly R[] | undefined): R[] => (rows ?? []).filter((r) => r.checked !== false && r.key.trim() !== '')
