import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { Role } from '../../../../shared/contract/platform/admin/roles'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { RoleApprovalDialog } from './RoleApprovalDialog'
import { RoleResAuth } from './RoleResAuth'
import { roleResource } from './roleResource'
import { RoleUsersDialog } from './RoleUsersDialog'

/**
 * Roles (menu route RoleList). The authorisation screen opens in place with the spec's query
 * (roleId, roleCode, roleName), so it works under this page's path and under RoleResAuthList.
 */
export default function RoleListPage(_: PageProps) {
  const [query] = useSearchParams()
  const navigate = useNavigate()
  const [usersOf, setUsersOf] = useState<Role | null>(null)
  const [approvalOf, setApprovalOf] = useState<Role | null>(null)
  const definition = useMemo(() => roleResource(setUsersOf, setApprovalOf), [])
  const roleId = query.get('roleId')
  if (roleId) {
    return <RoleResAuth role={{ roleId, roleCode: query.get('roleCode') ?? '', roleName: query.get('roleName') ?? '' }} onBack={() => navigate({ search: '' })} />
  }
  return (
    <ResourceListPage definition={definition}>
      {usersOf && <RoleUsersDialog role={usersOf} onClose={() => setUsersOf(null)} />}
      {approvalOf && <RoleApprovalDialog role={approvalOf} onClose={() => setApprovalOf(null)} />}
    </ResourceListPage>
  )
}
