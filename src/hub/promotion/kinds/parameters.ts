import { parameterCreate } from '../../../shared/contract/platform/config/parameters'
import type { ParameterEntry } from '../../../shared/contract/promotion/document'
import { saveParameterIn } from '../../platform/config/parameters'
import { parameterRepository } from '../../platform/config/parameterRepository'
import { configDb } from '../../platform/config/tables'
import { parseAs, type Candidate, type Existing, type Tx } from '../target'

/** Parameters, by key (built-in ones exist on every hub: they are changed, never created). */
const read = async (db: Tx, key: string) => (await parameterRepository.all(parameterRepository.from(configDb(db)).selectAll().where('parameter_key', '=', key)))[0]

export async function parameterEntry(db: Tx, key: string): Promise<ParameterEntry | undefined> {
  const p = await read(db, key)
  return p && { parameterKey: p.parameterKey, parameterName: p.parameterName, parameterValue: p.parameterValue, appCode: p.appCode }
}

export function parameterCandidate(entry: ParameterEntry): Candidate {
  const input = () => parseAs(parameterCreate.input, entry)
  return {
    kind: 'parameter',
    code: entry.parameterKey,
    editor: parameterCreate,
    incoming: { ...entry },
    secrets: [],
    async read(tx): Promise<Existing | undefined> {
      const stored = await read(tx, entry.parameterKey)
      if (!stored) return undefined
      const fields = { parameterKey: stored.parameterKey, parameterName: stored.parameterName, parameterValue: stored.parameterValue, appCode: stored.appCode }
      return { id: stored.id, fields, secretMatches: () => false, change: async (tx) => void (await saveParameterIn(configDb(tx), stored.id, input())) }
    },
    create: async (tx) => void (await saveParameterIn(configDb(tx), null, input())),
  }
}
