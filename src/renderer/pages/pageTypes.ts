import type { ComponentType } from 'react'
import type { MenuRoute } from '../routing/menuRoutes'

/**
 * What a page is to the registry (registry.ts), in a module of its own: the pages import these
 * types and the registry imports the pages, so neither imports the other.
 */
export interface PageProps {
  /** The menu route that opened the page (absent for the home page at '/'). */
  route?: MenuRoute
}
export type PageModule = { default: ComponentType<PageProps> }
export type Loader = () => Promise<PageModule>
