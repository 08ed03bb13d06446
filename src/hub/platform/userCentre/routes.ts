import * as favourites from '../../../shared/contract/platform/userCentre/favourites'
import * as files from '../../../shared/contract/platform/userCentre/files'
import { endpointsIn } from '../../../shared/endpoint'
import type { Route } from '../../http/context'
import { routesFor } from '../../http/routeMaps'
import { favouriteCreate, favouriteDelete, favouriteList } from './favourites'
import { avatarUpload, fileContent, fileGet, fileUpload } from './files'

/** Handlers of userCentreEndpoints, one per endpoint (the compiler checks none is missing). */
export const userCentreRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(files), { fileUpload, fileGet, fileContent, avatarUpload }),
  ...routesFor(endpointsIn(favourites), { favouriteList, favouriteCreate, favouriteDelete }),
]
