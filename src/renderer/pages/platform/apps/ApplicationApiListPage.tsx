import { useMemo, useState } from 'react'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { AppFilter } from './AppFilter'
import { apiResource } from './apiResource'

/** Application APIs (menu route ApplicationApiList), filtered by application. */
export default function ApplicationApiListPage(_: PageProps) {
  const [appCode, setAppCode] = useState('')
  const definition = useMemo(() => apiResource(appCode), [appCode])
  return <ResourceListPage definition={definition} header={<AppFilter value={appCode} onChange={setAppCode} />} />
}
