import type { PromotionKind, PromotionSelection } from '../../../../shared/contract/promotion/document'

/** The sections of a selection, in the order the export page lists them (and a plan applies them). */
export const SECTIONS: readonly (keyof PromotionSelection)[] = ['dataSources', 'apiAuthentications', 'systemAuthentications', 'dictionaries', 'parameters', 'gatewayRoutes', 'topics']

/** Translation keys (namespace promotion) of a section and of a kind of object in a plan. */
export const sectionKey = (section: keyof PromotionSelection): string => `promotion:section_${section}`
export const kindKey = (kind: PromotionKind): string => `promotion:kind_${kind}`

export const emptySelection = (): PromotionSelection => ({
  topics: [], dataSources: [], apiAuthentications: [], systemAuthentications: [], dictionaries: [], parameters: [], gatewayRoutes: [],
})
