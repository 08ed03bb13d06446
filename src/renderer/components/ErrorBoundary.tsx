import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components'
import { trackError } from '../behaviour'
import { i18n } from '../i18n'
import { chunkFailureOf } from '../routing/lazyChunk'

interface Props {
  children: ReactNode
  /** Reset the boundary when this changes (e.g. the route), so one broken page does not stick. */
  resetKey?: string
}
interface State {
  error: Error | null
}

/** The nearest component name in React's component stack, for the error entry's `vm` field. */
const componentOf = (stack: string | null | undefined): string | undefined => /at (\w+)/.exec(stack ?? '')?.[1]

/** Render errors become 'error' behaviour events and a message instead of a blank window. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    trackError(error.message, error, componentOf(info.componentStack))
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null })
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children
    // A chunk that did not load is not the page's fault: say so, with the spec's code.
    const chunk = chunkFailureOf(this.state.error)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{i18n.t(chunk ? 'errors:chunk_failed_title' : 'errors:render_failed_title')}</MessageBarTitle>
          {chunk ? i18n.t('errors:chunk_failed_body', { code: chunk }) : i18n.t('errors:render_failed_body')}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => location.reload()}>{i18n.t('errors:reload')}</Button>
        </MessageBarActions>
      </MessageBar>
    )
  }
}
