import type { ComponentType } from 'react'
import type { ResourceDefinition, TreeTableResource } from '../admin/resource'
import type { Loader } from './pageTypes'
import type { DefinitionFor, ValueFilter } from './resourcePages'

/**
 * Registry entries that name a resource definition instead of a page module: each loads its
 * definition (its module its own chunk) and the generic pages (resourcePages.tsx) together and
 * renders the one with the other. The compiler checks that what an entry names is a definition
 * of the kind the entry renders.
 */

type Load<T> = () => Promise<T>
type Row = { id: string }
type Branch<N> = { id: string; children: readonly N[] }

const generic = () => import('./resourcePages')

/** The generic list of the definition; `header` loads what stands above its search form. */
export function list<R extends Row>(definition: Load<ResourceDefinition<R>>, header?: Load<ComponentType>): Loader {
  return async () => {
    const [d, h, pages] = await Promise.all([definition(), header?.(), generic()])
    return { default: pages.listPage(d, h) }
  }
}

/** The generic tree table of the tree definition. */
export function tree<N extends Branch<N>, R extends Row>(definition: Load<TreeTableResource<N, R>>): Loader {
  return async () => {
    const [d, pages] = await Promise.all([definition(), generic()])
    return { default: pages.treePage(d) }
  }
}

/** The list of the definition for the value `filter` picks above it (modules, APIs and groups by application). */
export function filteredList<R extends Row>(definitionFor: Load<DefinitionFor<R>>, filter: Load<ValueFilter>): Loader {
  return async () => {
    const [d, f, pages] = await Promise.all([definitionFor(), filter(), generic()])
    return { default: pages.filteredListPage(d, f) }
  }
}

/** The tree table under link model 1, else the paged list (positions). */
export function listOrTree<N extends Branch<N>, R extends Row>(paged: Load<ResourceDefinition<R>>, treeTable: Load<TreeTableResource<N, R>>): Loader {
  return async () => {
    const [l, t, pages] = await Promise.all([paged(), treeTable(), generic()])
    return { default: pages.listOrTreePage(l, t) }
  }
}
