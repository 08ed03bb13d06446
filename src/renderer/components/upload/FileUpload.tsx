import { useRef, useState, type ChangeEvent, type JSX } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowUploadRegular, DeleteRegular, DocumentRegular, ErrorCircleRegular } from '@fluentui/react-icons'
import { useConfirm } from '../useConfirm'
import { screenFiles, UPLOAD_DEFAULTS } from './uploadRules'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  hidden: { display: 'none' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  failed: { color: tokens.colorPaletteRedForeground1 },
})

/** One file of the widget's list; the caller owns the list and the uploading. */
export interface UploadItem {
  key: string
  name: string
  status: 'uploading' | 'done' | 'error'
}

export interface FileUploadProps {
  items: readonly UploadItem[]
  /** Files that passed the count and size checks, to be uploaded by the caller. */
  onAdd(files: File[]): void
  /** Called after the user confirmed the removal. */
  onRemove(item: UploadItem): void
  limit?: number
  maxSizeMB?: number
  /** The file input's accept list, e.g. '.png,.jpg'. */
  accept?: string
  disabled?: boolean
}

type Notice = { intent: 'warning' | 'error'; text: string } | null

/**
 * The spec's file upload widget (part 2 §5, §9): at most `limit` files (2000) of `maxSizeMB`
 * (5 MB) each; a choice over the count is refused with the counts, a file over the size with
 * 'Upload attachment size cannot exceed N MB'; removing a file asks first.
 */
export function FileUpload({ items, onAdd, onRemove, limit = UPLOAD_DEFAULTS.limit, maxSizeMB = UPLOAD_DEFAULTS.maxSizeMB, accept, disabled }: FileUploadProps): JSX.Element {
  const { t } = useTranslation()
  const styles = useStyles()
  const input = useRef<HTMLInputElement>(null)
  const { confirm, dialog } = useConfirm()
  const [notice, setNotice] = useState<Notice>(null)

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? [])
    // Cleared so that choosing the same file again is a new choice.
    e.target.value = ''
    if (files.length === 0) return
    const screened = screenFiles(files, { existing: items.length, limit, maxSizeMB })
    if (screened.overLimit) setNotice({ intent: 'warning', text: t('widgets:upload_limit_count', screened.overLimit) })
    else if (screened.tooBig.length > 0) setNotice({ intent: 'error', text: t('widgets:upload_size', { size: maxSizeMB }) })
    else setNotice(null)
    if (screened.accepted.length > 0) onAdd(screened.accepted)
  }
  const remove = async (item: UploadItem) => {
    if (await confirm({ title: t('widgets:upload_remove', { name: item.name }), message: t('widgets:upload_remove_confirm', { name: item.name }) })) onRemove(item)
  }

  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        <Button icon={<ArrowUploadRegular />} disabled={disabled} onClick={() => input.current?.click()}>
          {t('widgets:upload_choose')}
        </Button>
        <Text className={styles.muted}>{t('widgets:upload_count', { count: items.length, limit })}</Text>
        <input ref={input} className={styles.hidden} type="file" multiple={limit > 1} accept={accept} aria-label={t('widgets:upload_choose')} onChange={onChoose} />
      </div>
      {notice && (
        <MessageBar intent={notice.intent} role="alert">
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      {items.length > 0 && (
        <ul className={styles.list} aria-label={t('widgets:upload_files')}>
          {items.map((item) => (
            <li key={item.key} className={styles.item}>
              {item.status === 'uploading' ? <Spinner size="extra-tiny" /> : item.status === 'error' ? <ErrorCircleRegular className={styles.failed} /> : <DocumentRegular />}
              <Text className={item.status === 'error' ? styles.failed : undefined}>{item.name}</Text>
              <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('widgets:upload_remove', { name: item.name })} disabled={disabled} onClick={() => void remove(item)} />
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </div>
  )
}
