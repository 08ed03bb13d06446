import type { Route } from '../../http/context'
import { favouriteCreate, favouriteDelete, favouriteList } from './favourites'
import { avatarUpload, fileContent, fileGet, fileUpload } from './files'

/** Handlers of userCentreEndpoints (buildHub checks that none is missing). */
export const userCentreRoutes: readonly Route[] = [fileUpload, fileGet, fileContent, avatarUpload, favouriteList, favouriteCreate, favouriteDelete]
