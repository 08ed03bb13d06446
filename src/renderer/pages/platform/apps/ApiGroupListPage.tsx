import { useMemo, useState } from 'react'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { AppFilter } from './AppFilter'
import { apiGroupResource } from './apiGroupResource'

/** API groups (menu route ApiGroupList), filtered by application. */
export default function ApiGroupListPage(_: PageProps) {
  const [appCode, setAppCode] = useState('')
  const definition = useMemo(() => apiGroupResource(appCode), [appCode])
  return <ResourceListPage definition={definition} header={<AppFilter value={appCode} onChange={setAppCode} />} />
}
