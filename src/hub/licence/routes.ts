import * as contract from '../../shared/contract/platform/licence'
import { utcToday } from '../../shared/licence/format'
import { route } from '../http/context'
import { routesFor } from '../http/routeMaps'
import { Refusal } from '../kernel/refusal'
import { endpointsIn } from '../../shared/endpoint'
import { getLicese } from '../platform/startup'
import { checkLicenceUpload } from './check'
import { licenceRepository as licences } from './licenceRepository'
import { LICENCE_MAX_BYTES } from '../../shared/licence/format'

/**
 * Upload: the registrar reads the multipart field `file` within the limit below (a bigger file
 * is refused with msg_license_file_size before it is read whole); the rest of the rules are in
 * checkLicenceUpload. A stored licence is the current one from then on.
 */
export const licenceUpload = route(
  contract.licenceUpload,
  async ({ file }, call) => {
    const check = checkLicenceUpload(file.name, file.bytes, call.hub.config.licencePublicKey, utcToday())
    if (!check.ok) throw new Refusal(check.code, check.messageKey, {}, [{ path: 'file', key: check.messageKey }])
    return licences.save(call.hub.store.db, check.file, check.content)
  },
  {
    // The registrar's limit is inclusive; the rule is "under 1 MB".
    upload: { maxBytes: LICENCE_MAX_BYTES - 1, tooLargeKey: 'msg_license_file_size' },
    successMessage: 'msg_licence_uploaded',
  },
)

export const licenceQuery = route(contract.licenceQuery, async (at, call) => licences.list(call.hub.store.db, at))

export const licenceDetail = route(contract.licenceDetail, async ({ id }, call) => licences.find(call.hub.store.db, id))

/** A handler for each licence call; getLicese is the start-up set's (it answers the licence state). */
export const licenceRoutes = routesFor(endpointsIn(contract), { getLicese, licenceUpload, licenceQuery, licenceDetail })
