import { useMemo, useState } from 'react'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { AppFilter } from './AppFilter'
import { moduleResource } from './moduleResource'

/** Application modules (menu route ApplicationModuleList), filtered by application. */
export default function ApplicationModuleListPage(_: PageProps) {
  const [appCode, setAppCode] = useState('')
  const definition = useMemo(() => moduleResource(appCode), [appCode])
  return <ResourceListPage definition={definition} header={<AppFilter value={appCode} onChange={setAppCode} />} />
}
