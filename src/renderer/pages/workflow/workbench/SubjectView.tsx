import { Suspense, useMemo, type ReactNode } from 'react'
import { lazyChunk } from '../../../routing/lazyChunk'
import { useTranslation } from 'react-i18next'
import { Badge, makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { SubjectDetail } from '../../../../shared/contract/approvals/workbench'
import { shownAction } from '../../../../shared/rules/approvals/shownAction'
import { diffFields } from '../../../../shared/rules/fieldDiff'
import { FieldDiffTable } from '../../../components/FieldDiffTable'
import { formatDateTime } from '../../../components/formatDateTime'
import { changeFieldLabelKey } from './changeFieldLabels'
import { SubjectState } from './SubjectState'

// The diagram brings React Flow: its own chunk, asked for only when a subject is open.
const ProcessDiagram = lazyChunk(() => import('../diagram/ProcessDiagram'))

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr auto 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
  heading: { fontWeight: tokens.fontWeightSemibold },
  comment: { whiteSpace: 'pre-wrap' },
})

/**
 * One subject as its approver or submitter sees it (issue 19): what it is, the change side by
 * side (before left, after right, changed fields marked — the version history's table), the
 * process's progress drawn on its deployed diagram, and every task with its decision and comment.
 */
export function SubjectView({ subject }: { subject: SubjectDetail }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const change = subject.change
  const labelOf = (field: string) => {
    const key = change && changeFieldLabelKey(change.objectType, field, (k) => i18n.exists(k))
    return key ? t(key) : undefined
  }
  const diff = useMemo(() => (change ? diffFields(change.before ?? {}, change.after ?? {}) : []), [change])
  // A node left unnamed in the designer is called by its kind, not by its generated id (approval_1).
  const nodeCaption = (id: string) => {
    const node = subject.model.nodes.find((n) => n.id === id)
    return node ? node.name || t(`workflow:node_${node.type}`) : id
  }
  // Where the subject waits, and on whom: each pending node with its approvers by name.
  const waiting = [...new Set(subject.tasks.filter((task) => task.state === 'pending').map((task) => task.nodeId))].map(
    (id) => `${nodeCaption(id)} (${subject.tasks.filter((task) => task.state === 'pending' && task.nodeId === id).map((task) => task.assigneeName).join(', ')})`,
  )
  const progress = useMemo(() => Object.fromEntries(subject.progress.map((p) => [p.nodeId, p.status])), [subject.progress])
  const facts: [string, ReactNode][] = [
    [t('workflow:subject_state'), <SubjectState key="s" state={subject.state} />],
    [t('workflow:subject_process'), `${subject.processName} (${t('workflow:version_n', { n: subject.deployVersion })})`],
    [t('workflow:subject_submitter'), subject.submitterName],
    [t('workflow:subject_started'), formatDateTime(subject.startedAt)],
    [t('workflow:subject_current'), waiting.join('; ') || '—'],
    [t('workflow:subject_ended'), subject.endedAt ? formatDateTime(subject.endedAt) : '—'],
  ]
  return (
    <div className={styles.root}>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {change && (
        <section aria-label={t('workflow:subject_change')}>
          <Text as="h3" className={styles.heading}>
            {t('workflow:subject_change')} · {t(`messages:msg_change_action_${shownAction(change.action, change.after)}`)} {t(`messages:msg_change_object_${change.objectType}`)} {change.objectName}
            {change.baseVersion != null && ` (${t('workflow:base_version', { n: change.baseVersion })})`}
          </Text>
          <FieldDiffTable diff={diff} label={t('workflow:subject_change')} olderLabel={t('workflow:before')} newerLabel={t('workflow:after')} labelOf={labelOf} changedOnly />
        </section>
      )}
      <section aria-label={t('workflow:subject_progress')}>
        <Text as="h3" className={styles.heading}>
          {t('workflow:subject_progress')}
        </Text>
        <Suspense fallback={<Spinner size="tiny" label={t('widgets:loading')} />}>
          <ProcessDiagram model={subject.model} progress={progress} linksTaken={subject.linksTaken} approverNames={subject.approverNames} label={t('workflow:subject_progress')} />
        </Suspense>
      </section>
      <section aria-label={t('workflow:subject_tasks')}>
        <Text as="h3" className={styles.heading}>
          {t('workflow:subject_tasks')}
        </Text>
        <Table size="small" aria-label={t('workflow:subject_tasks')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('workflow:task_node')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:task_assignee')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:task_state')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:task_comment')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:task_handled')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {subject.tasks.map((task) => (
              <TableRow key={task.id}>
                <TableCell>{task.nodeName || nodeCaption(task.nodeId)}</TableCell>
                <TableCell>{task.assigneeName}</TableCell>
                <TableCell>
                  <Badge appearance="tint" size="small" color={task.state === 'approved' ? 'success' : task.state === 'rejected' ? 'danger' : task.state === 'pending' ? 'warning' : 'informative'}>
                    {t(`workflow:task_${task.state}`)}
                  </Badge>
                </TableCell>
                <TableCell className={styles.comment}>{task.comment}</TableCell>
                <TableCell>{task.handledAt ? formatDateTime(task.handledAt) : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </div>
  )
}
