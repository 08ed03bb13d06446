import { userQuery } from '../../../shared/contract/platform/admin/users'
import type { RemoteSource } from '../resource'

/**
 * Every user as a choice ("nickname (username)"), for a person in charge or a proxy user. One
 * page of the largest size: an administrator picks among hundreds, not millions; the employee
 * chooser serves the large case.
 */
export const userChoices: RemoteSource = {
  endpoint: userQuery,
  input: { pageNum: 1, pageSize: 1000 },
  options: (data) => (data as { content: { id: string; username: string; nickName: string }[] }).content.map((u) => ({ value: u.id, label: `${u.nickName} (${u.username})` })),
}
