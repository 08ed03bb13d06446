import type { Envelope } from '../../shared/envelope'

/**
 * An answer whose `data` the store already wrote as JSON (bulk lists built with the database's
 * own JSON functions). The registrar sends it as it is: no parse, no output validation, no
 * stringify. A handler that answers this way owes a test that its JSON parses to what the
 * output schema accepts (for topic flows: tests/integration/datahub/flowJson.test.ts).
 */
export class PreserialisedJson {
  constructor(readonly json: string | Buffer) {}
}

/**
 * The envelope's bytes. Big answers go out as one Buffer: Fastify sends a Buffer several times
 * faster than a string of the same size (bench/topicListAll.bench.ts).
 */
export function envelopeBytes(envelope: Envelope<unknown>, data?: PreserialisedJson): Buffer {
  if (!data) return Buffer.from(JSON.stringify(envelope))
  // {"code":…,"message":…} without its closing brace, then the data as the store wrote it.
  const head = JSON.stringify({ code: envelope.code, message: envelope.message })
  const json = typeof data.json === 'string' ? Buffer.from(data.json) : data.json
  return Buffer.concat([Buffer.from(`${head.slice(0, -1)},"data":`), json, Buffer.from('}')])
}
