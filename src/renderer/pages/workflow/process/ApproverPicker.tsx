import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { positionList } from '../../../../shared/contract/platform/admin/positions'
import { userQuery } from '../../../../shared/contract/platform/admin/users'
import { useHubQuery } from '../../../api/query'
import { CHOOSER_MODE, PeopleChooserDialog, type PeopleChoice } from '../../../admin/choosers/PeopleChooserDialog'
import { ChosenApprover } from './ChosenApprover'

/** The approver kinds chosen with a chooser (roles are ticked in the panel). */
export type ChosenKind = 'position' | 'users'

/** One filtered page is enough to find a code among those containing it; more: not judged (see Looked). */
const LOOKUP_SIZE = 200

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  none: { color: tokens.colorNeutralForeground3 },
})

/** What a lookup found: the name, nothing (missing), or it cannot say (loading, not allowed, too many matches). */
interface Looked {
  name?: string | undefined
  missing: boolean
}

/** Position codes are stored as given; usernames sign in in any case (as the hub's approversOf reads them). */
const sameCode = (kind: ChosenKind, a: string, b: string) => (kind === 'users' ? a.toLowerCase() === b.toLowerCase() : a === b)

/**
 * A saved code's name, through the administration's own list calls (their code / username filter
 * is "contains": the exact one is picked out). Quiet: without the permission to list positions or
 * users the panel shows the bare codes, as it does while loading.
 */
function useLookup(kind: ChosenKind, code: string): Looked {
  const positions = useHubQuery(positionList, { pageNum: 1, pageSize: LOOKUP_SIZE, orgCodes: [], code }, { quiet: true, enabled: kind === 'position' })
  const users = useHubQuery(userQuery, { pageNum: 1, pageSize: LOOKUP_SIZE, username: code }, { quiet: true, enabled: kind === 'users' })
  const page = kind === 'position' ? positions : users
  if (!page.data || page.loading || page.error) return { missing: false }
  const rows = page.data.content as { code?: string; username?: string; name?: string; nickName?: string }[]
  const hit = rows.find((r) => sameCode(kind, (kind === 'position' ? r.code : r.username) ?? '', code))
  if (hit) return { name: (kind === 'position' ? hit.name : hit.nickName) || undefined, missing: false }
  return { missing: page.data.totalElements <= rows.length }
}

function Chosen({ kind, code, known, onRemove }: { kind: ChosenKind; code: string; known: string | undefined; onRemove: () => void }) {
  const looked = useLookup(kind, code)
  return <ChosenApprover code={code} name={looked.name ?? (looked.missing ? undefined : known)} missing={looked.missing} onRemove={onRemove} />
}

export interface ApproverPickerProps {
  kind: ChosenKind
  label: string
  /** Position codes (kind position) or usernames (kind users), as the model stores them. */
  codes: readonly string[]
  onChange: (codes: string[]) => void
}

/**
 * An approval node's positions or named users: listed by name with their code, each removable,
 * and added with the console's people chooser in the matching mode (position, employee). Only
 * codes are stored; a saved code that names nothing any more is marked (the node would find
 * nobody, and the hub refuses to save it).
 */
export function ApproverPicker({ kind, label, codes, onChange }: ApproverPickerProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [choosing, setChoosing] = useState(false)
  // Names of what was just chosen, shown until (and unless) the lookup answers.
  const [known, setKnown] = useState<Record<string, string>>({})

  function add(choice: PeopleChoice) {
    const next = [...codes]
    for (const item of choice.items) if (!next.some((c) => sameCode(kind, c, item.code))) next.push(item.code)
    setKnown((k) => ({ ...k, ...Object.fromEntries(choice.items.map((i) => [i.code, i.name])) }))
    onChange(next)
    setChoosing(false)
  }

  return (
    <>
      {codes.length === 0 && <Text className={styles.none}>{t('workflow:approver_none')}</Text>}
      <div className={styles.list} role="list" aria-label={label}>
        {codes.map((code, i) => (
          // A script may have sent a code twice: each row still needs its own key.
          <Chosen key={codes.indexOf(code) === i ? code : `${code}#${i}`} kind={kind} code={code} known={known[code]} onRemove={() => onChange(codes.filter((c) => c !== code))} />
        ))}
      </div>
      <Button icon={<AddRegular />} onClick={() => setChoosing(true)}>
        {t(kind === 'position' ? 'workflow:approver_choose_positions' : 'workflow:approver_choose_users')}
      </Button>
      {choosing && (
        // The dialog is a portal, but React still bubbles its events up this tree: the employee
        // chooser's search form would submit the designer's own form (a save) without this stop.
        <div onSubmit={(e) => e.stopPropagation()}>
          <PeopleChooserDialog
            types={[kind === 'position' ? CHOOSER_MODE.position : CHOOSER_MODE.employee]}
            title={t(kind === 'position' ? 'workflow:approver_choose_positions_title' : 'workflow:approver_choose_users_title')}
            onSave={add}
            onClose={() => setChoosing(false)}
          />
        </div>
      )}
    </>
  )
}
