import { useTranslation } from 'react-i18next'
import { makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components'
import { isRunnableProcessor } from '../../../../shared/rules/datahub/runtime'
import { codeBlock } from '../../../components/code/CodeText'
import { LABEL_WIDTH } from '../../../components/FormField'

const useStyles = makeStyles({
  // Under the control column of the form rows above and below it.
  note: {
    marginLeft: LABEL_WIDTH,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  warning: { marginLeft: LABEL_WIDTH },
  example: { ...codeBlock, backgroundColor: tokens.colorNeutralBackground1 },
})

/**
 * One short example of each type the hub runs, as the hub runs it (src/hub/runtime/engines:
 * scriptTasks.ts process, quickJs.ts). Code, not prose: the same in every locale.
 */
export const PROCESSOR_EXAMPLES: Record<string, string> = {
  JavaScript: 'data.amount = Number(data.amount)\nreturn data',
  JsonPath: '$.order.items[*]',
  XPath: '/order/items/item',
}

/**
 * How to write a processor of `type` (issue 33): what it sees (the message as `data` and `text`,
 * or as JSON under `$`, or as an XML document), what it gives, and an example. A type the hub
 * cannot run (Bean, Java) says so, instead of an example that would be refused at save.
 */
export function ProcessorHint({ type }: { type: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const label = t('widgets:processor_hint', { type })
  if (!isRunnableProcessor(type)) {
    return (
      <div role="note" aria-label={label} className={styles.warning}>
        <MessageBar intent="warning">
          <MessageBarBody>{t('widgets:processor_hint_unrunnable', { type })}</MessageBarBody>
        </MessageBar>
      </div>
    )
  }
  return (
    <div role="note" aria-label={label} className={styles.note}>
      <Text size={200}>{t(`widgets:processor_hint_${type}`)}</Text>
      <Text size={200} weight="semibold">
        {t('widgets:processor_hint_example')}
      </Text>
      <pre className={styles.example}>{PROCESSOR_EXAMPLES[type]}</pre>
    </div>
  )
}
