import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { emailTemplateResource } from './emailTemplateResource'

/** Email templates (menu route EmailTemplateList): a resource definition on the generic list. */
export default function EmailTemplateListPage(_: PageProps) {
  return <ResourceListPage definition={emailTemplateResource} />
}
