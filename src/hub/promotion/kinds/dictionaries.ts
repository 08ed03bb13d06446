import { dictionaryDataCreate } from '../../../shared/contract/platform/config/dictionaryData'
import { dictionaryTypeCreate } from '../../../shared/contract/platform/config/dictionaryTypes'
import type { DictionaryDataEntry, DictionaryEntry } from '../../../shared/contract/promotion/document'
import { saveEntryIn } from '../../platform/config/dictionaryData'
import { dictionaryDataRepository as entries } from '../../platform/config/dictionaryDataRepository'
import { createDictionaryTypeIn, updateDictionaryTypeIn } from '../../platform/config/dictionaryTypes'
import { dictionaryTypeRepository as types } from '../../platform/config/dictionaryTypeRepository'
import { configDb } from '../../platform/config/tables'
import { parseAs, type Candidate, type Existing, type Tx } from '../target'

/** Dictionaries: a type by its code (dictType), each entry by `<dictType>/<dictValue>`. */

const typeOf = async (db: Tx, dictType: string) => (await types.all(types.from(configDb(db)).selectAll().where('dict_type', '=', dictType)))[0]
const entriesOf = (db: Tx, dictType: string) => entries.all(entries.from(configDb(db)).selectAll().where('dict_type', '=', dictType).orderBy('sort').orderBy('dict_value'))

/** The type with its entries as a document holds them, or undefined. */
export async function dictionaryEntry(db: Tx, dictType: string): Promise<DictionaryEntry | undefined> {
  const type = await typeOf(db, dictType)
  if (!type) return undefined
  const data = (await entriesOf(db, dictType)).map((e): DictionaryDataEntry => ({
    dictValue: e.dictValue, dictLabelCn: e.dictLabelCn, dictLabelEn: e.dictLabelEn, level: e.level, sort: e.sort, status: e.status, remarks: e.remarks,
  }))
  return { dictType: type.dictType, dictName: type.dictName, remarks: type.remarks, status: type.status, data }
}

const none = () => false

export function dictionaryCandidates(entry: DictionaryEntry): Candidate[] {
  const { data, ...incoming } = entry
  const typeInput = () => parseAs(dictionaryTypeCreate.input, incoming)
  const type: Candidate = {
    kind: 'dictionary',
    code: entry.dictType,
    editor: dictionaryTypeCreate,
    incoming,
    secrets: [],
    async read(tx): Promise<Existing | undefined> {
      const stored = await typeOf(tx, entry.dictType)
      if (!stored) return undefined
      const fields = { dictType: stored.dictType, dictName: stored.dictName, remarks: stored.remarks, status: stored.status }
      return { id: stored.id, fields, secretMatches: none, change: (tx) => updateDictionaryTypeIn(configDb(tx), stored.id, typeInput()) }
    },
    create: async (tx) => void (await createDictionaryTypeIn(configDb(tx), typeInput())),
  }
  return [type, ...data.map((d) => dataCandidate(entry.dictType, d))]
}

function dataCandidate(dictType: string, d: DictionaryDataEntry): Candidate {
  const incoming = { ...d }
  const input = () => parseAs(dictionaryDataCreate.input, { dictType, ...d })
  return {
    kind: 'dictionaryData',
    code: `${dictType}/${d.dictValue}`,
    editor: dictionaryDataCreate,
    incoming,
    secrets: [],
    async read(tx): Promise<Existing | undefined> {
      const stored = (await entries.all(entries.from(configDb(tx)).selectAll().where('dict_type', '=', dictType).where('dict_value', '=', d.dictValue)))[0]
      if (!stored) return undefined
      const fields = { dictValue: stored.dictValue, dictLabelCn: stored.dictLabelCn, dictLabelEn: stored.dictLabelEn, level: stored.level, sort: stored.sort, status: stored.status, remarks: stored.remarks }
      return { id: stored.id, fields, secretMatches: none, change: async (tx) => void (await saveEntryIn(configDb(tx), stored.id, input())) }
    },
    create: async (tx) => void (await saveEntryIn(configDb(tx), null, input())),
  }
}
