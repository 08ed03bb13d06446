import type { FieldMappingRow as MappingPair } from '../../../../shared/rules/datahub/mapping'
import { firstMatch } from '../../../../shared/rules/datahub/smartMatch'

/** The smart mapping dialog's state (part 2 §2, §4). Lists are names; the result is mapping pairs. */
export interface SmartMappingState {
  sources: readonly string[]
  targets: readonly string[]
  results: MappingPair[]
  source: string | null
  target: string | null
  /** Index into results of the highlighted mapping. */
  result: number | null
  autoTarget: boolean
  autoSource: boolean
  hideSources: boolean
  hideTargets: boolean
}

export const initialSmartMapping = (sources: readonly string[], targets: readonly string[]): SmartMappingState => ({
  sources,
  targets,
  results: [],
  source: null,
  target: null,
  result: null,
  autoTarget: true,
  autoSource: true,
  hideSources: false,
  hideTargets: false,
})

/**
 * What the lists show: with a hide box ticked, names already in the result are left out. Derived,
 * not stored, so deleting a mapping brings its names back ("Delete … restores hidden lists").
 */
export function visibleLists(s: SmartMappingState): { sources: readonly string[]; targets: readonly string[] } {
  const usedSources = new Set(s.results.map((r) => r.sourceFieldName))
  const usedTargets = new Set(s.results.map((r) => r.targetFieldName))
  return {
    sources: s.hideSources ? s.sources.filter((n) => !usedSources.has(n)) : s.sources,
    targets: s.hideTargets ? s.targets.filter((n) => !usedTargets.has(n)) : s.targets,
  }
}

export type SmartMappingAction =
  | { type: 'load'; sources: readonly string[]; targets: readonly string[] }
  | { type: 'source'; name: string }
  | { type: 'target'; name: string }
  | { type: 'result'; index: number }
  | { type: 'option'; option: 'autoTarget' | 'autoSource' | 'hideSources' | 'hideTargets'; value: boolean }
  | { type: 'add' }
  | { type: 'delete' }

/**
 * Clicking highlights, clicking again clears; with auto-select on, picking a source highlights the
 * first matching target (and the reverse). Add pushes the highlighted pair without duplicates;
 * Delete removes the highlighted mapping.
 */
export function smartMappingReducer(s: SmartMappingState, a: SmartMappingAction): SmartMappingState {
  switch (a.type) {
    case 'load':
      return { ...initialSmartMapping(a.sources, a.targets), autoTarget: s.autoTarget, autoSource: s.autoSource, hideSources: s.hideSources, hideTargets: s.hideTargets }
    case 'source': {
      if (s.source === a.name) return { ...s, source: null }
      const target = s.autoTarget ? (firstMatch(a.name, visibleLists(s).targets) ?? s.target) : s.target
      return { ...s, source: a.name, target }
    }
    case 'target': {
      if (s.target === a.name) return { ...s, target: null }
      const source = s.autoSource ? (firstMatch(a.name, visibleLists(s).sources) ?? s.source) : s.source
      return { ...s, target: a.name, source }
    }
    case 'result':
      return { ...s, result: s.result === a.index ? null : a.index }
    case 'option':
      return { ...s, [a.option]: a.value }
    case 'add': {
      if (s.source == null || s.target == null) return s
      const { source, target } = s
      const exists = s.results.some((r) => r.sourceFieldName === source && r.targetFieldName === target)
      return { ...s, results: exists ? s.results : [...s.results, { sourceFieldName: source, targetFieldName: target }], source: null, target: null }
    }
    case 'delete':
      if (s.result == null) return s
      return { ...s, results: s.results.filter((_, i) => i !== s.result), result: null }
  }
}
