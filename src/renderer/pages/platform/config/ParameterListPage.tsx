import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../registry'
import { parameterResource } from './parameterResource'

/** Menu route ParameterList: a resource definition on the generic list. */
export default function ParameterListPage(_: PageProps) {
  return <ResourceListPage definition={parameterResource} />
}
