import { afterAll, beforeAll, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import * as orgs from '../../../src/shared/contract/platform/admin/orgs'
import * as positions from '../../../src/shared/contract/platform/admin/positions'
import * as roles from '../../../src/shared/contract/platform/admin/roles'
import * as users from '../../../src/shared/contract/platform/admin/users'
import { exportEndpoints, importEndpoints, type TransferKind } from '../../../src/shared/contract/platform/admin/transfer'
import type { Position } from '../../../src/shared/contract/platform/admin/positions'
import type { Role } from '../../../src/shared/contract/platform/admin/roles'
import type { Employee } from '../../../src/shared/contract/platform/admin/users'
import { getFile, postFile, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { freshCode, freshLetters, openAdminBench, type AdminBench } from './support'

const targets = await storeTargets()
const PASSWORD = 'Imp#Pass12'

const workbook = (rows: (string | number)[][]): Uint8Array => {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1')
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
}
const sheetOf = (bytes: Uint8Array): string[][] => {
  const book = XLSX.read(bytes, { type: 'buffer' })
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false, defval: '' })
}

describeEachStore(targets, 'administration Excel imports and exports', (target) => {
  let bench: AdminBench
  beforeAll(async () => {
    bench = await openAdminBench(target)
  })
  afterAll(async () => bench?.close())

  const importFile = (kind: TransferKind, rows: (string | number)[][], locale?: string) =>
    postFile<unknown>(bench.hub.app, importEndpoints[kind], { name: `${kind}.xlsx`, bytes: workbook(rows) }, { token: bench.admin, locale })
  /** A refused import's problems as 'row.column: message'. */
  const problems = (data: unknown) => (data as { fields: { path: string; message: string }[] }).fields.map((f) => `${f.path}: ${f.message}`)

  it('imports roles by the header in either language; a bad row refuses the whole file with every problem, writing nothing', async () => {
    const [a, b, c] = [freshLetters('ia'), freshLetters('ib'), freshLetters('ic')]
    const refused = await importFile('role', [
      ['角色编码', '角色名称', '状态'],
      [a, '审计员', '1'],
      ['bad1', '运维', '1'],
      [a, '重复', '1'],
      [b, '', ''],
    ])
    expect(refused.status).toBe(200)
    expect(refused.body).toMatchObject({ code: '4001', message: '有 3 处问题，未导入任何数据' })
    expect(problems(refused.body.data)).toEqual(['3.roleCode: 角色编码须为 1-20 位英文字母', '5.roleName: 请输入角色名称', '4.roleCode: 角色编码已存在'])
    expect((await bench.ok<{ totalElements: number }>(roles.roleQuery, { roleCode: a })).totalElements).toBe(0)

    const done = await importFile('role', [['Role code', 'Role name'], [b, 'Auditor'], [c, '出纳']], 'en')
    expect(done.body).toMatchObject({ code: '2000', data: { imported: 2 } })
    const page = await bench.ok<{ content: Role[] }>(roles.roleQuery, { roleCode: b })
    // Empty cells take the form's defaults: status normal.
    expect(page.content[0]).toMatchObject({ roleCode: b, roleName: 'Auditor', status: '1', isSys: '0' })
    // Importing the same file again: every code now exists.
    expect(problems((await importFile('role', [['roleCode', 'roleName'], [b, 'Auditor']])).body.data)).toEqual(['2.roleCode: 角色编码已存在'])
  })

  it('imports an organisation tree and positions with parents above them in the file or in the store', async () => {
    const [root, child, missing] = [freshCode('O'), freshCode('O'), freshCode('O')]
    expect(problems((await importFile('org', [['组织编码', '组织名称', '上级编码', '状态'], [child, '子公司', missing, '1'], [root, '集团', '', '0'], [`${root}x`, '部门', root, '1']])).body.data)).toEqual([
      '2.parentCode: 上级不存在，或是自己及自己的下级',
      '4.status: 上级状态异常，不能设为正常',
    ])
    expect((await importFile('org', [['orgCode', 'orgName', 'parentCode', 'sort'], [root, '集团', '', 1], [child, '子公司', root, 2]])).body).toMatchObject({ code: '2000', data: { imported: 2 } })
    const found = await bench.ok<{ orgCode: string; parentId: string | null }>(orgs.orgByCode, { orgCode: child })
    const parent = await bench.ok<{ id: string }>(orgs.orgByCode, { orgCode: root })
    expect(found.parentId).toBe(parent.id)

    const [lead, clerk] = [freshCode('P'), freshCode('P')]
    expect((await importFile('position', [['岗位编码', '岗位名称', '序号', '上级编码'], [lead, '主管', 1, ''], [clerk, '会计', 2, lead]])).body).toMatchObject({ code: '2000' })
    const list = await bench.ok<{ content: Position[] }>(positions.positionList, { code: clerk })
    expect(list.content[0]).toMatchObject({ code: clerk, name: '会计', sequence: 2, parentName: '主管' })
    expect(problems((await importFile('position', [['code', 'name', 'sequence'], [freshCode('P'), '出纳', 100]])).body.data)).toEqual(['2.sequence: 岗位序号须为 0-99 之间的非负整数'])
  })

  it('imports users with their organisations and positions (who can then sign in), and user roles', async () => {
    const org = freshCode('O')
    const pos = freshCode('P')
    await importFile('org', [['orgCode', 'orgName'], [org, '财务部']])
    await importFile('position', [['code', 'name'], [pos, '会计']])
    const [u1, u2] = [freshCode('u'), freshCode('u')]
    const refused = await importFile('user', [
      ['用户名', '昵称', '密码', '组织编码列表', '岗位编码列表'],
      [u1, '张三', PASSWORD, `${org}，nope`, pos],
      [u2, '李四', 'short', '', ''],
    ])
    expect(problems(refused.body.data)).toEqual([expect.stringMatching(/^3\.password: /), '2.orgCodes: 组织不存在'])
    expect((await importFile('user', [['username', 'nickName', 'password', 'orgCodes', 'positionCodes'], [u1, '张三', PASSWORD, org, pos]])).body).toMatchObject({ code: '2000', data: { imported: 1 } })
    const token = await signIn(bench.hub.app, u1, PASSWORD)
    expect(token).toBeTruthy()
    const page = await bench.ok<{ content: Employee[] }>(users.employeeQuery, { username: u1 })
    expect(page.content[0]).toMatchObject({ username: u1, nickName: '张三', orgNames: ['财务部'], positionNames: ['会计'] })

    const role = freshLetters('iu')
    await importFile('role', [['roleCode', 'roleName'], [role, '出纳']])
    expect(problems((await importFile('userRole', [['用户名', '角色编码'], [u1, 'nosuchrole'], ['nosuchuser', role]])).body.data)).toEqual([
      '2.roleCode: 角色不存在',
      '3.username: 用户不存在',
    ])
    expect((await importFile('userRole', [['username', 'roleCode'], [u1, role], [u1, role]])).body).toMatchObject({ code: '2000' })
    expect((await bench.ok<{ content: Employee[] }>(users.employeeQuery, { username: u1 })).content[0]!.roleNames).toEqual(['出纳'])
  })

  it('imports and exports users\' employee numbers, refusing one used twice in the sheet or already another user\'s', async () => {
    const [u1, u2, u3] = [freshCode('e'), freshCode('e'), freshCode('e')]
    const [taken, fresh] = [freshCode('NO'), freshCode('NO')]
    await bench.ok<Employee>(users.employeeCreate, { username: u1, nickName: '已有', password: PASSWORD, employeeNo: taken })
    const refused = await importFile('user', [
      ['用户名', '昵称', '密码', '工号'],
      [u2, '重复', PASSWORD, taken],
      [u3, '甲', PASSWORD, fresh],
      [freshCode('e'), '乙', PASSWORD, fresh],
    ])
    expect(problems(refused.body.data)).toEqual(['2.employeeNo: 该工号已被其他用户使用', '4.employeeNo: 该工号已被其他用户使用'])
    expect((await importFile('user', [['username', 'nickName', 'password', 'employeeNo'], [u3, '甲', PASSWORD, fresh], [u2, '无工号', PASSWORD, '']])).body).toMatchObject({ code: '2000', data: { imported: 2 } })
    expect((await bench.ok<{ content: Employee[] }>(users.employeeQuery, { username: u3 })).content[0]).toMatchObject({ username: u3, employeeNo: fresh })

    const sheet = sheetOf((await getFile(bench.hub.app, exportEndpoints.user, { token: bench.admin, locale: 'en' })).bytes)
    const at = sheet[0]!.indexOf('Employee number')
    expect(at).toBeGreaterThanOrEqual(0)
    expect(sheet.find((r) => r[0] === u3)![at]).toBe(fresh)
  })

  it('exports every kind as an .xlsx with the header in the caller language, which imports back; passwords never leave', async () => {
    const role = freshLetters('ex')
    await importFile('role', [['roleCode', 'roleName'], [role, '导出']])
    const file = await getFile(bench.hub.app, exportEndpoints.role, { token: bench.admin, locale: 'en' })
    expect(file.status).toBe(200)
    expect(file.contentType).toContain('spreadsheetml')
    const rows = sheetOf(file.bytes)
    expect(rows[0]).toEqual(['Role code', 'Role name', 'Role type', 'Status'])
    expect(rows).toContainEqual([role, '导出', '', '1'])
    const usersSheet = sheetOf((await getFile(bench.hub.app, exportEndpoints.user, { token: bench.admin })).bytes)
    const passwordAt = usersSheet[0]!.indexOf('密码')
    expect(passwordAt).toBeGreaterThanOrEqual(0)
    expect(usersSheet.slice(1).every((r) => (r[passwordAt] ?? '') === '')).toBe(true)
    expect(usersSheet.some((r) => r[0] === 'admin')).toBe(true)
  })

  it('refuses what is not a sheet of ours: another extension, no header, no rows, and callers without the permission', async () => {
    const post = (name: string, bytes: Uint8Array) => postFile(bench.hub.app, importEndpoints.role, { name, bytes }, { token: bench.admin })
    expect((await post('roles.csv', workbook([['roleCode'], ['abc']]))).body).toMatchObject({ code: '4001', message: '文件格式错误，只能上传 .xls 或 .xlsx 文件' })
    expect((await post('roles.xlsx', workbook([['x', 'y'], ['abc', 'def']]))).body).toMatchObject({ code: '4001', message: '第一行须为表头，未识别到任何列' })
    expect((await post('roles.xlsx', workbook([['roleCode', 'roleName']]))).body).toMatchObject({ code: '4001', message: '文件中没有数据行' })
    expect((await post('roles.xlsx', new TextEncoder().encode('roleCode\nabc'))).body).toMatchObject({ code: '4001', message: '不是有效的 Excel 文件' })
    const nobody = await bench.ok<Employee>(users.employeeCreate, { username: freshCode('n'), nickName: '无权', password: PASSWORD })
    const token = await signIn(bench.hub.app, nobody.username, PASSWORD)
    expect((await postFile(bench.hub.app, importEndpoints.role, { name: 'r.xlsx', bytes: workbook([['roleCode', 'roleName'], ['abc', 'x']]) }, { token })).body.code).toBe('4031')
    const refusedExport = await getFile(bench.hub.app, exportEndpoints.user, { token })
    expect(refusedExport.contentType).toContain('json')
    expect(JSON.parse(refusedExport.bytes.toString('utf8'))).toMatchObject({ code: '4031' })
  })
})
