import { connect } from 'node:net'
import { ConnectionError, type ConnectionSpec } from './types'

/**
 * ActiveMQ speaks AMQP 1.0 on its AMQP port, which amqplib (0-9-1) cannot; its STOMP port
 * (61613 by default) needs no library: a CONNECT frame answered by CONNECTED or ERROR is a real
 * login with the source's credentials.
 */
const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/:/g, '\\c')

export function testStomp(spec: ConnectionSpec): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect({ host: spec.host, port: spec.port })
    let received = ''
    const finish = (err: Error | null, version = '') => {
      socket.removeAllListeners('data')
      socket.destroy()
      if (err) fail(err)
      else done(version)
    }
    socket.setTimeout(spec.timeoutMs, () => finish(new ConnectionError('timeout', 'timeout')))
    socket.on('error', (err) => finish(err))
    socket.on('connect', () => {
      const headers = ['accept-version:1.0,1.1,1.2', `host:${escape(spec.databaseName || spec.host)}`, 'heart-beat:0,0']
      if (spec.username) headers.push(`login:${escape(spec.username)}`, `passcode:${escape(spec.password)}`)
      socket.write(`CONNECT\n${headers.join('\n')}\n\n\0`)
    })
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8')
      const end = received.indexOf('\0')
      if (end < 0) return
      const [command, ...lines] = received.slice(0, end).replace(/^\n+/, '').split('\n')
      const header = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1) ?? ''
      if (command === 'CONNECTED') {
        socket.write('DISCONNECT\n\n\0')
        finish(null, header('server'))
      } else {
        finish(command === 'ERROR' ? new ConnectionError(header('message') || command, 'server') : new ConnectionError('unexpected answer'))
      }
    })
    socket.on('end', () => finish(new ConnectionError('connection closed by the broker')))
  })
}
