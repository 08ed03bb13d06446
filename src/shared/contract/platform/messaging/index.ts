import type { Endpoint } from '../../../endpoint'
import { channelEndpoints } from './channels'
import { emailServerEndpoints } from './emailServers'
import { emailTemplateEndpoints } from './emailTemplates'
import { pfAuthEndpoints } from './pfAuthentication'
import { sysAuthEndpoints } from './sysAuthentication'

export * from './permissions'

/** System and platform authentication, email servers and templates, message channels (spec part 2 §7). */
export const messagingEndpoints = {
  ...sysAuthEndpoints,
  ...pfAuthEndpoints,
  ...emailServerEndpoints,
  ...emailTemplateEndpoints,
  ...channelEndpoints,
} satisfies Record<string, Endpoint>
