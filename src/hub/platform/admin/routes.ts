import * as menusContract from '../../../shared/contract/platform/admin/menus'
import * as orgsContract from '../../../shared/contract/platform/admin/orgs'
import * as positionsContract from '../../../shared/contract/platform/admin/positions'
import * as rolesContract from '../../../shared/contract/platform/admin/roles'
import * as usersContract from '../../../shared/contract/platform/admin/users'
import { endpointsIn } from '../../../shared/endpoint'
import type { Route } from '../../http/context'
import { routesFor } from '../../http/routeMaps'
import {
  employeeCreate,
  employeeGetById,
  employeeGetIsLogin,
  employeeGetType,
  employeeQuery,
  employeeResetPassword,
  employeeSetSysOrButler,
  employeeStatusUpdate,
  employeeUpdate,
  userFindByOrg,
  userFindByOrgPositionAndRole,
  userListRoles,
  userQuery,
  userSetRoles,
} from './employees'
import { menuCreate, menuDelete, menuDetail, menuListAll, menuUpdate } from './menus'
import {
  orgBindPosition,
  orgById,
  orgByCode,
  orgByOrganizationCode,
  orgCreate,
  orgDelete,
  orgListByParentId,
  orgListTree,
  orgManagerList,
  orgSearchList,
  orgSelectAsOrgProjectTree,
  orgSelectAsOrgTree,
  orgTopList,
  orgUnbindPosition,
  orgUpdate,
  projectListTree,
  roleGetOrgTree,
} from './orgs'
import { positionByOrgCodes, positionCreate, positionDelete, positionDetail, positionLimits, positionList, positionListByOrgCode, positionUpdate } from './positions'
import { roleResAuthGet, roleResAuthSave } from './roleAuth'
import {
  roleCreate,
  roleDelete,
  roleDeleteRoleUser,
  roleDetail,
  roleGetRoleUsers,
  roleGetUnbindUsers,
  roleQuery,
  roleSaveRoleUser,
  roleStatusUpdate,
  roleUpdate,
} from './roles'
import { transferRoutes } from './transfer/routes'

/**
 * Handlers of adminEndpoints, one per endpoint of each contract module (the compiler checks
 * none is missing or extra). The transfer routes are made per kind from the same list of kinds
 * as their endpoints.
 */
export const adminRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(rolesContract), {
    roleQuery, roleDetail, roleCreate, roleUpdate, roleDelete, roleStatusUpdate, roleGetRoleUsers, roleGetUnbindUsers,
    roleGetOrgTree, roleSaveRoleUser, roleDeleteRoleUser, roleResAuthGet, roleResAuthSave,
  }),
  ...routesFor(endpointsIn(positionsContract), {
    positionList, positionListByOrgCode, positionDetail, positionDelete, positionLimits, positionCreate, positionUpdate, positionByOrgCodes,
  }),
  ...routesFor(endpointsIn(orgsContract), {
    orgById, orgByOrganizationCode, orgByCode, orgListTree, orgSelectAsOrgTree, orgSelectAsOrgProjectTree, orgListByParentId,
    orgTopList, orgManagerList, orgSearchList, orgUnbindPosition, projectListTree, orgCreate, orgUpdate, orgBindPosition, orgDelete,
  }),
  ...routesFor(endpointsIn(usersContract), {
    employeeQuery, employeeGetType, employeeGetById, employeeGetIsLogin, employeeStatusUpdate, employeeResetPassword,
    employeeSetSysOrButler, employeeCreate, employeeUpdate, userQuery, userFindByOrg, userFindByOrgPositionAndRole, userListRoles, userSetRoles,
  }),
  ...routesFor(endpointsIn(menusContract), { menuListAll, menuDetail, menuCreate, menuUpdate, menuDelete }),
  ...transferRoutes,
]
