/**
 * Whether a column of a declared type can hold a value the field mappings would write — the
 * check a target database makes on INSERT, made before anything is written so the simulator can
 * mark the cell. Types are read loosely by name (PostgreSQL, MySQL / MariaDB and SQLite spell
 * them differently); a type it does not know holds anything, the database has the last word.
 * Answers why not, or null.
 */
export function cannotHold(dataTypeName: string, value: unknown, primaryKey = false): string | null {
  if (value === null) return primaryKey ? 'a primary-key column cannot be NULL' : null
  const type = dataTypeName.trim().toLowerCase()
  const text = typeof value === 'string' ? value.trim() : null
  if (/^(tinyint\(1\)|bool|boolean)$/.test(type)) {
    const ok = typeof value === 'boolean' || value === 0 || value === 1 || (text !== null && /^(true|false|t|f|0|1|yes|no)$/i.test(text))
    return ok ? null : `${dataTypeName} holds true or false`
  }
  if (/(^|\s)(smallint|integer|int|bigint|tinyint|mediumint|serial|bigserial|int2|int4|int8)(\(|\s|$)/.test(type) || /^(int|integer)\b/.test(type)) {
    const ok = (typeof value === 'number' && Number.isInteger(value)) || (text !== null && /^[+-]?\d+$/.test(text))
    return ok ? null : `${dataTypeName} holds whole numbers`
  }
  if (/^(numeric|decimal|real|float|double|float4|float8|money|number)/.test(type)) {
    const ok = typeof value === 'number' || (text !== null && text !== '' && Number.isFinite(Number(text)))
    if (!ok) return `${dataTypeName} holds numbers`
    return digitsFit(type, Number(value), dataTypeName)
  }
  if (/^(date|timestamp|datetime|time)/.test(type)) {
    const ok = (text !== null && text !== '' && !Number.isNaN(Date.parse(/^\d{1,2}:\d{2}/.test(text) ? `1970-01-01T${text}` : text))) || typeof value === 'number'
    return ok ? null : `${dataTypeName} holds dates and times`
  }
  const length = /(char|varchar|character varying|character|nvarchar|nchar|varchar2)\s*\((\d+)\)/.exec(type)?.[2]
  if (length !== undefined) {
    const written = typeof value === 'string' ? value : String(value)
    if ([...written].length > Number(length)) return `${dataTypeName} holds at most ${length} characters, the value has ${[...written].length}`
  }
  return null
}

/** numeric(p, s): the integer digits must fit p − s. */
function digitsFit(type: string, value: number, shown: string): string | null {
  const m = /\((\d+)\s*(?:,\s*(\d+))?\)/.exec(type)
  if (!m) return null
  const whole = Number(m[1]) - Number(m[2] ?? 0)
  const digits = Math.trunc(Math.abs(value)).toString().replace(/^0$/, '').length
  return digits > whole ? `${shown} holds at most ${whole} digits before the decimal point` : null
}
