import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { parameterResource } from './parameterResource'

/** Menu route ParameterList: a resource definition on the generic list. */
export default function ParameterListPage(_: PageProps) {
  return <ResourceListPage definition={parameterResource} />
}
