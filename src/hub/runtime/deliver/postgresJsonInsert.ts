import type pg from 'pg'
import type { FieldMappingRow } from '../../../shared/rules/datahub/mapping'
import { columnTypes, tryInsert } from './postgresArrayInsert'

/**
 * Messages' records into a PostgreSQL table without reading them in the hub: each message's
 * JSON text is one parameter and the server takes them apart (`json_to_recordset`, in C):
 *
 *   INSERT INTO t (a, b) SELECT x."src_a"::type_a, x."src_b"::type_b
 *     FROM (VALUES ($1::json), ($2::json)) AS m(doc), json_to_recordset(m.doc) AS x("src_a" text, "src_b" text)
 *
 * Each source field is read as text and cast to its column's type, so each column's own input
 * function reads the same text the hub would have sent (the conversions and errors of the
 * other paths). A field missing from a record, or null, is NULL. What the hub saves is parsing
 * the JSON, mapping each record and serialising the values again — most of a dblink consumer's
 * CPU on a large pull (bench/dbLinkPull.bench.ts). Each message is its own parameter, parsed on
 * its own: one that is not JSON fails the statement, never blends into another.
 *
 * Only for what it reads exactly like dbLinkRows.ts: messages that are a JSON array or one
 * object, top-level source fields (a dotted name may be a nested path there), columns the table
 * has and that are not arrays. Anything else, and any failure of the statement (a value its
 * column cannot take, a record that is not an object, text that is not JSON), answers false:
 * the caller then goes the way every other message goes, which gives the exact result or
 * error. One difference remains, in spacing only: an object or list going into a text column
 * keeps the message's own (`{"a": 1}`) where the rows way writes it compact (`{"a":1}`); the
 * messages a pull makes are compact already, and a json or jsonb column reads both alike.
 * Must run inside a transaction (it sets a savepoint).
 */
export async function insertFromJson(client: pg.ClientBase, quotedTable: string, quote: (name: string) => string, texts: readonly string[], mappings: readonly FieldMappingRow[]): Promise<boolean> {
  if (texts.length === 0 || mappings.length === 0 || mappings.some((m) => m.sourceFieldName.includes('.'))) return false
  const docs: string[] = []
  for (const text of texts) {
    const start = firstCharacter(text)
    if (start === '[') docs.push(text)
    else if (start === '{') docs.push(`[${text}]`)
    else return false
  }
  const types = await columnTypes(client, quotedTable)
  if (!types || mappings.some((m) => !types.has(m.targetFieldName) || types.get(m.targetFieldName)!.endsWith(']'))) return false
  const sources = [...new Set(mappings.map((m) => m.sourceFieldName))]
  const text =
    `INSERT INTO ${quotedTable} (${mappings.map((m) => quote(m.targetFieldName)).join(', ')}) ` +
    `SELECT ${mappings.map((m) => `x.${quote(m.sourceFieldName)}::${types.get(m.targetFieldName)}`).join(', ')} ` +
    `FROM (VALUES ${docs.map((_, i) => `($${i + 1}::json)`).join(', ')}) AS m(doc), ` +
    `json_to_recordset(m.doc) AS x(${sources.map((s) => `${quote(s)} text`).join(', ')})`
  // One named statement per target and number of messages.
  return tryInsert(client, quotedTable, 'dh_json', text, docs)
}

/** The first character that is not JSON white space. */
function firstCharacter(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') return c
  }
  return ''
}
