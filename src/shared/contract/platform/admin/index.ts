import type { Endpoint } from '../../../endpoint'
import { menuEndpoints } from './menus'
import { orgEndpoints } from './orgs'
import { positionEndpoints } from './positions'
import { roleEndpoints } from './roles'
import { transferEndpoints } from './transfer'
import { userEndpoints } from './users'

export * from './permissions'

/** Platform administration (users, roles, organisations, positions, menus…). */
export const adminEndpoints = {
  ...roleEndpoints,
  ...positionEndpoints,
  ...orgEndpoints,
  ...userEndpoints,
  ...menuEndpoints,
  ...transferEndpoints,
} satisfies Record<string, Endpoint>
