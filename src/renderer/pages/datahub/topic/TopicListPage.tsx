import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components'
import { AddRegular, ArrowClockwiseRegular } from '@fluentui/react-icons'
import { PaginationBar } from '../../../components/pagination/PaginationBar'
import { useConfirm } from '../../../components/useConfirm'
import type { PageProps } from '../../pageTypes'
import { FlowActionsContext } from '../flow/flowActions'
import { FlowEditors } from '../flow/FlowEditors'
import type { EditorRequest, FlowHost, HistoryRequest, RunsRequest } from '../flow/flowHost'
import { FlowList } from '../flow/FlowList'
import { useFlowRowActions } from '../flow/useFlowRowActions'
import { ProducerRunsDialog } from '../producer/runs/ProducerRunsDialog'
import { TryMessageDialog, type TryMessageRequest } from '../simulate/TryMessageDialog'
import { VersionHistoryDialog } from '../version/VersionHistoryDialog'
import { TopicSearchForm } from './TopicSearchForm'
import { useTopicPage } from './useTopicPage'

const useStyles = makeStyles({
  // Fills the shell's main area so the flow list scrolls inside it (the virtualiser's viewport).
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, flexGrow: 1, minHeight: 0 },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
})

/**
 * The topic flows (menu 'datahub.topic', component TopicList): search, one flow row per topic
 * (producer → topic → consumers) with their actions, the pagination bar, and the editors.
 */
export default function TopicListPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const page = useTopicPage()
  const { confirm, dialog } = useConfirm()
  const [editor, setEditor] = useState<EditorRequest | null>(null)
  const [history, setHistory] = useState<HistoryRequest | null>(null)
  const [runs, setRuns] = useState<RunsRequest | null>(null)
  const [trying, setTrying] = useState<TryMessageRequest | null>(null)
  const [detailed, setDetailed] = useState<ReadonlySet<string>>(new Set())
  const { getRow, updateRow, reload } = page

  const host = useMemo((): FlowHost => ({ getRow, updateRow, confirm, openEditor: setEditor, openHistory: setHistory, openRuns: setRuns, openTry: setTrying, topicDeleted: reload }), [getRow, updateRow, confirm, reload])
  const actions = useFlowRowActions(host)
  const onDetailChange = useCallback((topicId: string, on: boolean) => {
    setDetailed((s) => {
      const next = new Set(s)
      if (on) next.add(topicId)
      else next.delete(topicId)
      return next
    })
  }, [])
  const closeEditor = useCallback(() => setEditor(null), [])

  return (
    <div className={styles.root}>
      <TopicSearchForm onSearch={page.search} busy={page.loading} />
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditor({ kind: 'topic', viewOnly: false })}>
          {t('topic:create')}
        </Button>
        <Button icon={<ArrowClockwiseRegular />} onClick={reload}>
          {t('common:refresh')}
        </Button>
        {page.loading && <Spinner size="tiny" aria-label={t('widgets:loading')} />}
      </div>
      <FlowActionsContext.Provider value={actions}>
        <FlowList rows={page.rows} detailed={detailed} onDetailChange={onDetailChange} label={t('topic:list_label')} />
      </FlowActionsContext.Provider>
      <PaginationBar total={page.total} pageNum={page.page.pageNum} pageSize={page.page.pageSize} onChange={page.setPage} disabled={page.loading} />
      {editor && <FlowEditors request={editor} host={host} onTopicCreated={reload} onClose={closeEditor} />}
      {history && <VersionHistoryDialog {...history} onClose={() => setHistory(null)} />}
      {runs && <ProducerRunsDialog {...runs} onClose={() => setRuns(null)} />}
      {trying && <TryMessageDialog {...trying} onClose={() => setTrying(null)} />}
      {dialog}
    </div>
  )
}
