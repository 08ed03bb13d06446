import type { Endpoint, EndpointOutput } from '../../../shared/endpoint'
import { ResultCode, type HubResult } from '../../../shared/envelope'
import { decideFailure } from '../../api/errorPolicy'
import { emitSignal } from '../../api/signals'
import { invoke } from '../../bridge/desktop'
import { i18n } from '../../i18n'

/**
 * Uploads one file (multipart field `file`) through the main process, with the same failure
 * handling as every hub call: 4030 ends the session, 4001 carries the field keys; failures
 * come back as values. No toast: the caller shows the message where the user looked.
 */
export async function uploadToHub<E extends Endpoint>(endpoint: E, file: File): Promise<HubResult<EndpointOutput<E>>> {
  let result: HubResult<unknown>
  try {
    const bytes = new Uint8Array(await file.arrayBuffer())
    // 'hub.upload': the main process checks that the endpoint is an upload and attaches the session.
    result = await invoke('hub.upload', { endpoint: endpoint.id, name: file.name, bytes })
  } catch (e) {
    console.warn(`[upload] ${endpoint.id} failed`, e)
    return { ok: false, code: ResultCode.systemError, message: i18n.t('messages:msg_uc_upload_failed') }
  }
  if (result.ok) return result as HubResult<EndpointOutput<E>>
  const decision = decideFailure(result, { quiet: true, errorDetails: false, endpoint: endpoint.id })
  if (decision.endSession) emitSignal('sessionInvalid', { endpoint: endpoint.id })
  if (decision.openLicence) emitSignal('licence', { endpoint: endpoint.id })
  return result as HubResult<EndpointOutput<E>>
}
