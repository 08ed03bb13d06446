import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import type { ProfileTest } from '../../../shared/ipc'

/** A connection test's outcome; the message is already translated by the main process. */
export function TestResult({ result }: { result: Pick<ProfileTest, 'ok' | 'message'> }) {
  return (
    <MessageBar intent={result.ok ? 'success' : 'error'} role="status">
      <MessageBarBody>{result.message}</MessageBarBody>
    </MessageBar>
  )
}
