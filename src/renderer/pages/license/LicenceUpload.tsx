import { useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, mergeClasses, shorthands, Spinner, tokens } from '@fluentui/react-components'
import { ArrowUploadRegular } from '@fluentui/react-icons'

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    ...shorthands.padding(tokens.spacingVerticalL),
    ...shorthands.border(tokens.strokeWidthThick, 'dashed', tokens.colorNeutralStroke1),
    ...shorthands.borderRadius(tokens.borderRadiusMedium),
    color: tokens.colorNeutralForeground3,
  },
  over: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
})

/** The upload button (native dialog in the main process) inside a zone a .lic file can be dropped on. */
export function LicenceUpload({ busy, onChoose, onDrop }: { busy: boolean; onChoose: () => void; onDrop: (file: File) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [over, setOver] = useState(false)
  const accept = (e: DragEvent) => {
    // Without preventDefault the browser would open the dropped file instead.
    e.preventDefault()
    setOver(e.type === 'dragover' || e.type === 'dragenter')
  }
  return (
    <div
      className={mergeClasses(styles.zone, over && styles.over)}
      data-testid="licence-drop"
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        accept(e)
        const file = e.dataTransfer.files[0]
        if (file && !busy) onDrop(file)
      }}
    >
      <Button appearance="primary" icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={busy} onClick={onChoose}>
        {busy ? t('license:uploading') : t('license:upload')}
      </Button>
      <span>{t('license:drop_hint')}</span>
    </div>
  )
}
