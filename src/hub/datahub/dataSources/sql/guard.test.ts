import { describe, expect, it } from 'vitest'
import { Refusal } from '../../../kernel/refusal'
import { requireQuery } from './guard'

describe('query guard', () => {
  it('lets queries through, without leading comments and trailing semicolons', () => {
    expect(requireQuery('  -- orders\n/* all */ SELECT * FROM t ;; ')).toBe('SELECT * FROM t')
    expect(requireQuery('with x as (select 1) select * from x')).toBe('with x as (select 1) select * from x')
    expect(requireQuery('(select 1) union (select 2)')).toBe('(select 1) union (select 2)')
  })

  it('refuses statements that are no query, however they are dressed', () => {
    for (const text of ['insert into t values (1)', '/* select */ delete from t', 'drop table t', 'explain analyze delete from t', 'select 1 into outfile "/tmp/x"', 'selectx 1', '']) {
      expect(() => requireQuery(text), text).toThrow(Refusal)
    }
  })
})
