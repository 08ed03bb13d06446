import { describe, expect, it } from 'vitest'
import { spaceHanLatin } from './hanSpacing'

describe('a text put together from parts', () => {
  it('takes a space where Chinese meets Latin letters or digits', () => {
    expect(spaceHanLatin('新增API 认证')).toBe('新增 API 认证')
    expect(spaceHanLatin('编辑SFTP服务器')).toBe('编辑 SFTP 服务器')
  })
  it('leaves spaced, all-Chinese and English texts as they are', () => {
    expect(spaceHanLatin('新增 API 认证')).toBe('新增 API 认证')
    expect(spaceHanLatin('新增用户')).toBe('新增用户')
    expect(spaceHanLatin('New API authentication')).toBe('New API authentication')
  })
})
