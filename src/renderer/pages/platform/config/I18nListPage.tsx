import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { i18nResource } from './i18nResource'

/** Menu route I18nList: a resource definition on the generic list. */
export default function I18nListPage(_: PageProps) {
  return <ResourceListPage definition={i18nResource} />
}
