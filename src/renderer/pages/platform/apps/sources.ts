import { applicationListAll, type Application } from '../../../../shared/contract/platform/apps/applications'
import { apiGroupListAll, type ApiGroup } from '../../../../shared/contract/platform/apps/apis'
import type { RemoteSource } from '../../../admin/resource'

/** "name (code)": names may repeat across applications, codes do not. */
export const appLabel = (a: { name: string; code: string }): string => `${a.name} (${a.code})`

/** The applications as choices of a form's application field (value: the code). */
export const applicationSource: RemoteSource = {
  endpoint: applicationListAll,
  input: {},
  options: (data) => (data as Application[]).map((a) => ({ value: a.code, label: appLabel(a) })),
}

/** API groups as choices (value: id), of one application when `appCode` is set. */
export const groupSource = (appCode: string): RemoteSource => ({
  endpoint: apiGroupListAll,
  input: appCode ? { appCode } : {},
  options: (data) => (data as ApiGroup[]).map((g) => ({ value: g.id, label: appCode ? g.name : `${g.appName} / ${g.name}` })),
})
