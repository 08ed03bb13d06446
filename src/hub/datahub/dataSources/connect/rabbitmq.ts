import amqp from 'amqplib'
import type { ConnectionSpec } from './types'

/** AMQP 0-9-1 handshake with the credentials and virtual host (databaseName, default '/'). */
export async function testRabbitmq(spec: ConnectionSpec): Promise<string> {
  // An options object, not a URL: a URL would carry the password into driver messages.
  const connection = await amqp.connect(
    { protocol: 'amqp', hostname: spec.host, port: spec.port, username: spec.username || 'guest', password: spec.password, vhost: spec.databaseName || '/', heartbeat: 0 },
    { timeout: spec.timeoutMs },
  )
  connection.on('error', () => {})
  try {
    const props = (connection.connection as unknown as { serverProperties?: { product?: string; version?: string } }).serverProperties
    return [props?.product, props?.version].filter(Boolean).join(' ')
  } finally {
    await connection.close().catch(() => {})
  }
}
