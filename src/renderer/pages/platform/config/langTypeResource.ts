import { createElement } from 'react'
import { z } from 'zod'
import { CheckmarkCircleRegular, DismissCircleRegular, StarRegular } from '@fluentui/react-icons'
import * as contract from '../../../../shared/contract/platform/config/langTypes'
import type { LangType } from '../../../../shared/contract/platform/config/langTypes'
import { LANG_TYPE_PERMISSION } from '../../../../shared/contract/platform/config/permissions'
import { langTypeRuleShape } from '../../../../shared/rules/platform/config/language'
import type { Endpoint } from '../../../../shared/endpoint'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { i18n } from '../../../i18n'
import type { ResourceDefinition, RowActionContext } from '../../../admin/resource'
import { DICT_STATUS } from './dictionaryTypeResource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** One row action's call; the hub's refusal (e.g. the default cannot be deactivated) shows as its toast. */
async function act(endpoint: Endpoint, row: LangType, ctx: RowActionContext, confirmKey?: string) {
  if (confirmKey && !(await ctx.confirm({ title: i18n.t('admin:status_title'), message: i18n.t(confirmKey, { name: row.name }) }))) return
  const r = await callHub(endpoint, { id: row.id } as never)
  if (!r.ok) return
  showToast({ intent: 'success', message: i18n.t('messages:msg_success') })
  ctx.reload()
}

/**
 * Language types in use (spec §4: languages are activated, deactivated or set as default).
 * No edit: a language is added once; the default one cannot be deactivated (the hub refuses it).
 */
export const langTypeResource: ResourceDefinition<LangType> = {
  entity: 'config:lang_entity',
  endpoints: { list: contract.langTypeQuery, create: contract.langTypeCreate },
  columns: [
    { key: 'code', label: 'config:lang_code', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'name', label: 'config:lang_name' },
    { key: 'nameEn', label: 'config:lang_name_en' },
    { key: 'isDefault', label: 'config:lang_default', render: (row) => i18n.t(row.isDefault ? 'config:yes' : 'config:no') },
    { key: 'status', label: 'admin:col_status', dictType: DICT_STATUS },
  ],
  fields: [
    { name: 'code', label: 'config:lang_code', widget: 'text', required: true, hint: 'config:lang_code_hint' },
    { name: 'name', label: 'config:lang_name', widget: 'text', required: true },
    { name: 'nameEn', label: 'config:lang_name_en', widget: 'text', required: true },
  ],
  rules: { create: z.object(langTypeRuleShape) },
  toForm: () => ({ code: '', name: '', nameEn: '' }),
  permissions: { create: LANG_TYPE_PERMISSION },
  rowActions: [
    {
      key: 'activate',
      label: 'config:lang_activate',
      icon: createElement(CheckmarkCircleRegular),
      permission: LANG_TYPE_PERMISSION,
      visible: (row) => row.status !== '1',
      run: (row, ctx) => act(contract.langTypeActivate, row, ctx),
    },
    {
      key: 'deactivate',
      label: 'config:lang_deactivate',
      icon: createElement(DismissCircleRegular),
      permission: LANG_TYPE_PERMISSION,
      visible: (row) => row.status === '1' && !row.isDefault,
      run: (row, ctx) => act(contract.langTypeDeactivate, row, ctx, 'config:lang_deactivate_confirm'),
    },
    {
      key: 'default',
      label: 'config:lang_set_default',
      icon: createElement(StarRegular),
      permission: LANG_TYPE_PERMISSION,
      visible: (row) => row.status === '1' && !row.isDefault,
      run: (row, ctx) => act(contract.langTypeSetDefault, row, ctx, 'config:lang_set_default_confirm'),
    },
  ],
}
