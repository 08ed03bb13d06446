import { useMemo, useState, type ComponentType } from 'react'
import { useLinkModel } from '../admin/choosers/linkModel'
import type { ResourceDefinition, TreeTableResource } from '../admin/resource'
import { ResourceListPage } from '../admin/ResourceListPage'
import { TreeResourcePage } from '../admin/TreeResourcePage'
import type { PageProps } from './pageTypes'

/**
 * The pages the registry makes of resource definitions (resourceLoaders.ts names them): the
 * generic list or tree table of a definition and nothing of their own. Loaded lazily with the
 * first such page, so the generic screens stay out of the console's first chunk.
 */

type Row = { id: string }
type Page = ComponentType<PageProps>

/**
 * A definition that depends on a value picked above its list (an interface, not a function type:
 * the compiler then infers `R` through the registry's `import(…).then(…)`).
 */
export interface DefinitionFor<R extends Row> {
  (value: string): ResourceDefinition<R>
}

/** What picks the value a list's definition depends on (the application filter above the modules, APIs and groups). */
export type ValueFilter = ComponentType<{ value: string; onChange: (value: string) => void }>

/** The generic list of a definition, with an optional header above its search form. */
export function listPage<R extends Row>(definition: ResourceDefinition<R>, Header?: ComponentType): Page {
  return function ResourceList() {
    return <ResourceListPage definition={definition} header={Header && <Header />} />
  }
}

/** The generic tree table of a tree definition. */
export function treePage<N extends { id: string; children: readonly N[] }, R extends Row>(definition: TreeTableResource<N, R>): Page {
  return function ResourceTree() {
    return <TreeResourcePage definition={definition} />
  }
}

/** The list of the definition for the value the filter above it picks ('' at first: every record). */
export function filteredListPage<R extends Row>(definitionFor: DefinitionFor<R>, Filter: ValueFilter): Page {
  return function FilteredResourceList() {
    const [value, setValue] = useState('')
    const definition = useMemo(() => definitionFor(value), [value])
    return <ResourceListPage definition={definition} header={<Filter value={value} onChange={setValue} />} />
  }
}

/**
 * The tree table when the link model (user.link.model) is 1, else the paged list (positions):
 * both edit through the same resource definition.
 */
export function listOrTreePage<N extends { id: string; children: readonly N[] }, R extends Row>(list: ResourceDefinition<R>, tree: TreeTableResource<N, R>): Page {
  return function LinkModelResource() {
    return useLinkModel() === '1' ? <TreeResourcePage definition={tree} /> : <ResourceListPage definition={list} />
  }
}
