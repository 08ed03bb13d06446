import { useNavigate, useSearchParams } from 'react-router-dom'
import type { PageProps } from '../../pageTypes'
import { RoleResAuth } from './RoleResAuth'

/** The route RoleResAuthList (spec): the role authorisation screen for the query's role. */
export default function RoleResAuthPage(_: PageProps) {
  const [query] = useSearchParams()
  const navigate = useNavigate()
  return <RoleResAuth role={{ roleId: query.get('roleId') ?? '', roleCode: query.get('roleCode') ?? '', roleName: query.get('roleName') ?? '' }} onBack={() => navigate(-1)} />
}
