/**
 * The first row of a query, or the caller's refusal when there is none: a record the caller
 * names by id that is not there is the caller's mistake (a 4040-style refusal), never a crash.
 */
export async function findOrRefuse<O>(query: { executeTakeFirst(): Promise<O | undefined> }, refusal: () => Error): Promise<O> {
  const row = await query.executeTakeFirst()
  if (row === undefined) throw refusal()
  return row
}
