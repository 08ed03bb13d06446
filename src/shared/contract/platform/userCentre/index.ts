import type { Endpoint } from '../../../endpoint'
import { favouriteEndpoints } from './favourites'
import { fileEndpoints } from './files'

/** Files and avatars, the user centre (password, personal settings, favourites) (spec part 2 §7). */
export const userCentreEndpoints = { ...fileEndpoints, ...favouriteEndpoints } satisfies Record<string, Endpoint>
