import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getLicese, licenceDetail, type Licence, type LicenceState } from '../../../shared/contract/platform/licence'
import { ResultCode, type HubResult } from '../../../shared/envelope'
import { hasLicenceExtension, licenceSizeAllowed } from '../../../shared/licence/format'
import { callHub, type CallResult } from '../../api/hub'
import { useHubLoad } from '../../api/query'
import { invoke } from '../../bridge/desktop'

export type Loaded = LicenceState | null | 'failed'
export type Notice = { intent: 'success' | 'error'; text: string } | null

/** The licence to show (the current one, or one stored licence within its state) and the current one. */
type Shown = { shown: LicenceState; current: LicenceState }

async function loadLicence(id: string | null, signedIn: boolean): Promise<CallResult<Shown>> {
  const current = await callHub(getLicese, undefined, { quiet: true })
  if (!current.ok) return current
  // A stored licence by id needs a session; without one the page shows the current licence.
  if (!id || !signedIn) return { ...current, data: { shown: current.data, current: current.data } }
  const one = await callHub(licenceDetail, { id }, { quiet: true })
  if (!one.ok) return one
  const shown = { ...current.data, valid: current.data.valid && current.data.licence?.id === id, licence: one.data }
  return { ...one, data: { shown, current: current.data } }
}

/**
 * The licence page's data: the current licence state, or (with `?id=`, signed in) one stored
 * licence; and the two ways of uploading — the native dialog in the main process, or a file
 * dropped on the page. A dropped File has no path in the sandboxed page, so its bytes are read
 * here and sent over 'licence.uploadBytes'; the main process checks them again before sending.
 */
export function useLicence(id: string | null, signedIn: boolean) {
  const { t } = useTranslation()
  const [state, setState] = useState<Loaded>(null)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice>(null)
  // The hub's current licence, apart from the one shown (which `?id=` may choose).
  const [current, setCurrent] = useState<LicenceState | null>(null)

  // The answer seeds the page's state, which an upload then replaces.
  useHubLoad([getLicese, licenceDetail], { id, signedIn }, () => loadLicence(id, signedIn), {
    onLoaded: ({ shown, current }) => {
      setState(shown)
      setCurrent(current)
    },
    onFailed: () => setState('failed'),
  })

  const settle = useCallback(
    (result: HubResult<Licence>) => {
      if (!result.ok) {
        // A closed dialog is no error.
        if (result.code !== ResultCode.cancelled) setNotice({ intent: 'error', text: result.message })
        return
      }
      // Spec: upload success replaces the displayed licence; the hub refused it if it were not valid.
      const next = (s: Loaded): LicenceState => ({ enforced: s && s !== 'failed' ? s.enforced : false, valid: true, licence: result.data })
      setState(next)
      setCurrent(next)
      setNotice({ intent: 'success', text: result.message || t('license:upload_success') })
    },
    [t],
  )

  const run = useCallback(
    async (work: () => Promise<HubResult<Licence>>) => {
      setBusy(true)
      setNotice(null)
      try {
        settle(await work())
      } catch {
        setNotice({ intent: 'error', text: t('errors:ipc_failed') })
      } finally {
        setBusy(false)
      }
    },
    [settle, t],
  )

  const choose = useCallback(() => run(() => invoke('licence.choose', undefined)), [run])

  const drop = useCallback(
    (file: File) => {
      // Checked before reading: a wrong or huge file is never loaded into the page.
      if (!hasLicenceExtension(file.name)) return setNotice({ intent: 'error', text: t('messages:msg_license_file_extension') })
      if (!licenceSizeAllowed(file.size)) return setNotice({ intent: 'error', text: t('messages:msg_license_file_size') })
      void run(async () => invoke('licence.uploadBytes', { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }))
    },
    [run, t],
  )

  return { state, current, busy, notice, choose, drop }
}
