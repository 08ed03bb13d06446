import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { Button, CounterBadge, Field, makeStyles, Select, Spinner, Tab, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TabList, TableRow, Text, tokens } from '@fluentui/react-components'
import { ArrowClockwiseRegular } from '@fluentui/react-icons'
import { subjectList, SUBJECT_BOXES } from '../../../../shared/contract/approvals/workbench'
import { SUBJECT_STATES, type SubjectState as State } from '../../../../shared/rules/approvals/process'
import { useHubQuery } from '../../../api/query'
import { formatDateTime } from '../../../components/formatDateTime'
import { PaginationBar, type PageChange } from '../../../components/pagination/PaginationBar'
import { TablePanel } from '../../../components/table/TablePanel'
import { useStore } from '../../../state/store'
import { unreadStore } from '../../../shell/unread/unreadStore'
import { nodeCaption } from './nodeCaption'
import { SubjectDialog } from './SubjectDialog'
import { SubjectState } from './SubjectState'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  hint: { color: tokens.colorNeutralForeground3 },
})

type Box = (typeof SUBJECT_BOXES)[number]
const FIRST: PageChange = { pageNum: 1, pageSize: 20 }

/**
 * The workbench (spec: /workbench/subjectList; issue 19): my pending tasks, the subjects I
 * handled, the ones I submitted, each filterable by review status. Opening one shows the change
 * side by side, the progress on the process diagram and the comments, with approve / reject or
 * undo. The pending tab's count is the menu's badge (the same polled count).
 */
export default function WorkbenchPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [box, setBox] = useState<Box>('pending')
  const [state, setState] = useState<State | ''>('')
  const [page, setPage] = useState<PageChange>(FIRST)
  const [open, setOpen] = useState<string | null>(null)
  const list = useHubQuery(subjectList, { box, ...(state ? { state } : {}), ...page })
  const rows = list.data?.content ?? []
  const choose = (next: Box) => {
    setBox(next)
    setPage(FIRST)
  }
  // The header's waiting-tasks button asks for the pending box, even with the page open on another.
  const location = useLocation()
  const asked = (location.state as { box?: Box } | null)?.box
  useEffect(() => {
    if (!asked || !SUBJECT_BOXES.includes(asked)) return
    setBox(asked)
    setPage(FIRST)
  }, [asked, location.key])
  return (
    <div className={styles.root}>
      <BoxTabs box={box} onChoose={choose} />
      <div className={styles.bar}>
        <Field label={t('workflow:subject_state')}>
          <Select
            value={state}
            onChange={(_, d) => {
              setState(d.value as State | '')
              setPage(FIRST)
            }}
          >
            <option value="">{t('workflow:state_all')}</option>
            {SUBJECT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`messages:msg_subject_state_${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button icon={<ArrowClockwiseRegular />} onClick={list.reload}>
          {t('workflow:refresh')}
        </Button>
        {list.loading && <Spinner size="tiny" aria-label={t('widgets:loading')} />}
      </div>
      <TablePanel after={!list.loading && rows.length === 0 && <Text className={styles.hint}>{t(`workflow:empty_${box}`)}</Text>}>
        <Table size="small" aria-label={t(`workflow:box_${box}`)}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('workflow:subject_title')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:subject_process')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:subject_submitter')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:subject_state')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:subject_current')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:subject_started')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  <Button appearance="transparent" onClick={() => setOpen(s.id)}>
                    {s.title}
                  </Button>
                </TableCell>
                <TableCell>{s.processName}</TableCell>
                <TableCell>{s.submitterName}</TableCell>
                <TableCell>
                  <SubjectState state={s.state} />
                </TableCell>
                {/* Where it waits, or where it was decided once ended. */}
                <TableCell>{s.nodes.map((n) => nodeCaption(t, n)).join(', ') || '—'}</TableCell>
                <TableCell>{formatDateTime(s.startedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TablePanel>
      <PaginationBar total={list.data?.totalElements ?? 0} pageNum={page.pageNum} pageSize={page.pageSize} onChange={setPage} disabled={list.loading} />
      {open && <SubjectDialog id={open} onClose={() => setOpen(null)} />}
    </div>
  )
}

/** The three boxes as tabs; the pending one carries its count (the menu badge's). */
function BoxTabs({ box, onChoose }: { box: Box; onChoose: (box: Box) => void }) {
  const { t } = useTranslation()
  const pending = useStore(unreadStore, (s) => s.counts.pendingApprovals ?? 0)
  return (
    <TabList selectedValue={box} onTabSelect={(_, d) => onChoose(d.value as Box)} aria-label={t('workflow:workbench')}>
      {SUBJECT_BOXES.map((b) => (
        <Tab key={b} value={b}>
          {t(`workflow:box_${b}`)} {b === 'pending' && pending > 0 && <CounterBadge count={pending} size="small" appearance="filled" color="danger" />}
        </Tab>
      ))}
    </TabList>
  )
}
