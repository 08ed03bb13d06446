import amqp, { type ChannelModel } from 'amqplib'
import type { ConnectionSpec } from './types'

/**
 * An AMQP 0-9-1 connection with the source's credentials and virtual host (databaseName,
 * default '/'). Options, not a URL: a URL would carry the password into driver messages. The
 * connection's own 'error' events are the caller's to watch; one is always listened to, so a
 * broker going away never becomes an uncaught exception.
 */
export async function openRabbitmq(spec: ConnectionSpec, heartbeatS = 0): Promise<ChannelModel> {
  const connection = await amqp.connect(
    { protocol: 'amqp', hostname: spec.host, port: spec.port, username: spec.username || 'guest', password: spec.password, vhost: spec.databaseName || '/', heartbeat: heartbeatS },
    { timeout: spec.timeoutMs },
  )
  connection.on('error', () => {})
  return connection
}

/** AMQP handshake: the broker's product and version. */
export async function testRabbitmq(spec: ConnectionSpec): Promise<string> {
  const connection = await openRabbitmq(spec)
  try {
    const props = (connection.connection as unknown as { serverProperties?: { product?: string; version?: string } }).serverProperties
    return [props?.product, props?.version].filter(Boolean).join(' ')
  } finally {
    await connection.close().catch(() => {})
  }
}
