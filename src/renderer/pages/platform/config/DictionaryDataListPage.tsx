import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { dictionaryDataResource } from './dictionaryDataResource'

/** Menu route DictionaryDataList: a resource definition on the generic list. */
export default function DictionaryDataListPage(_: PageProps) {
  return <ResourceListPage definition={dictionaryDataResource} />
}
