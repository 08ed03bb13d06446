import type { PromotionSelection } from '../../../../shared/contract/promotion/document'
import type { CatalogTopic } from '../../../../shared/contract/promotion/endpoints'

/**
 * What the selected topics' flows refer to that the selection leaves out. A target hub that lacks
 * one refuses the flow at import, so the export page names them and offers to add them. A source
 * the catalog no longer lists (deleted since) cannot be added and is not named.
 */
export function missingNeeds(
  topics: readonly CatalogTopic[],
  selection: PromotionSelection,
  known?: { dataSources: readonly string[]; apiAuthentications: readonly string[] },
): { dataSources: string[]; apiAuthentications: string[] } {
  const dataSources = new Set<string>()
  const apiAuthentications = new Set<string>()
  for (const topic of topics) {
    if (!selection.topics.includes(topic.code)) continue
    for (const name of topic.needs.dataSources) if (!selection.dataSources.includes(name)) dataSources.add(name)
    for (const code of topic.needs.apiAuthentications) if (!selection.apiAuthentications.includes(code)) apiAuthentications.add(code)
  }
  const keep = (codes: Set<string>, listed?: readonly string[]) => [...codes].filter((c) => !listed || listed.includes(c)).sort()
  return { dataSources: keep(dataSources, known?.dataSources), apiAuthentications: keep(apiAuthentications, known?.apiAuthentications) }
}
