import { describe, expect, it } from 'vitest'
import { rewritesRowsEachRun } from './fullSync'

const insertOnly = { dataConsumeType: 'dblink', dbLinkRequestInfoModel: { isUpdateRecord: '0' } }
const updating = { dataConsumeType: 'dblink', dbLinkRequestInfoModel: { isUpdateRecord: '1', compareField: 'id' } }

describe('a flow that writes the same rows on every run', () => {
  it('is a full-sync dblink, bigdata or LDAP producer into a dblink consumer that only inserts', () => {
    expect(rewritesRowsEachRun({ productionMode: 'dblink', dbLinkRequestInfoModel: { dataSynch: 'all' } }, insertOnly)).toBe(true)
    expect(rewritesRowsEachRun({ productionMode: 'bigdata', bigdataRequestInfoModel: { dataSynch: 'all' } }, insertOnly)).toBe(true)
    expect(rewritesRowsEachRun({ productionMode: 'ldap' }, insertOnly)).toBe(true)
  })
  it('is not an incremental sync, an updating consumer, another consume type or a pushing producer', () => {
    expect(rewritesRowsEachRun({ productionMode: 'dblink', dbLinkRequestInfoModel: { dataSynch: 'up' } }, insertOnly)).toBe(false)
    expect(rewritesRowsEachRun({ productionMode: 'dblink', dbLinkRequestInfoModel: { dataSynch: 'all' } }, updating)).toBe(false)
    expect(rewritesRowsEachRun({ productionMode: 'dblink', dbLinkRequestInfoModel: { dataSynch: 'all' } }, { dataConsumeType: 'http' })).toBe(false)
    expect(rewritesRowsEachRun({ productionMode: 'serverApi' }, insertOnly)).toBe(false)
    expect(rewritesRowsEachRun(undefined, insertOnly)).toBe(false)
  })
})
