import { ResourceListPage } from '../../../admin/ResourceListPage'
import { identityProviderResource } from './identityProviderResource'
import { SsoHealthBanner } from './SsoHealthBanner'

/** The identity providers, under the banner saying whether single sign-on works now. */
export default function IdentityProviderPage() {
  return <ResourceListPage definition={identityProviderResource} header={<SsoHealthBanner />} />
}
