import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { dictionaryTypeResource } from './dictionaryTypeResource'

/** Menu route DictionaryTypeList: a resource definition on the generic list. */
export default function DictionaryTypeListPage(_: PageProps) {
  return <ResourceListPage definition={dictionaryTypeResource} />
}
