import { ResultCode, type HubResult } from '../../shared/envelope'
import type { IpcChannel, IpcPayload, IpcResult } from '../../shared/ipc'
import { i18n } from '../i18n'
import { BridgeUnavailableError, invoke } from './desktop'

/** The channels the main process answers with a HubResult (its file and dialog channels). */
export type ResultChannel = { [C in IpcChannel]: IpcResult<C> extends HubResult<unknown> ? C : never }[IpcChannel]

/**
 * One call of such a channel, its failures as values like hub calls: no bridge (a browser
 * preview) and a broken IPC come back as refusals with a translated message, never thrown.
 */
export async function invokeForResult<C extends ResultChannel>(channel: C, payload: IpcPayload<C>): Promise<IpcResult<C>> {
  try {
    return await invoke(channel, payload)
  } catch (e) {
    const failure: HubResult<never> =
      e instanceof BridgeUnavailableError
        ? { ok: false, code: ResultCode.hubUnreachable, message: i18n.t('errors:bridge_unavailable') }
        : { ok: false, code: ResultCode.systemError, message: i18n.t('errors:ipc_failed') }
    return failure as IpcResult<C>
  }
}
