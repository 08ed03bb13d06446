import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Input, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components'
import type { WsdlResolution } from '../../../../shared/contract/datahub/wsdl'
import { showToast } from '../../../api/signals'
import { FormField } from '../../../components/FormField'
import { useViewOnly } from '../../../components/viewOnly'
import { useWsdlResolve } from './useWsdlResolve'
import { WsdlParameterTable } from './WsdlParameterTable'
import { WsdlWarnings } from './WsdlWarnings'
import { clearedAfterFailure, resetAfterResolve, selectOperation, type WsdlFields } from './wsdlSelection'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  addressRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  address: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** Spec: an empty WSDL address cannot be resolved ('WSDL地址不能为空'). */
const EMPTY_ADDRESS = 'msg_wsdl_address_required'

export interface WsdlResolvePanelProps {
  /** The webservice sub-model's current values. */
  value: WsdlFields
  /** A change to merge into the sub-model. */
  onChange: (change: WsdlFields) => void
  /** The form's own message key for the address (e.g. required on save). */
  wsdlUrlError?: string | undefined
  /**
   * The parameters take values typed here: a producer calls the operation with them (a parameter
   * left empty is not sent). A consumer's values come from each message, so it has none.
   */
  parameterValues?: boolean
}

/**
 * WSDL address + Resolve (spinner, cancellable), then the operation select; choosing one fills
 * namespace, port, parameters and SOAP header parameters (spec part 1 §2, §4). Before any resolve
 * (an existing producer) the stored operation and parameters are shown as they are. A failed
 * resolve clears them; the editors refuse a save until the address shown is resolved (resolveGate.ts).
 */
export function WsdlResolvePanel({ value, onChange, wsdlUrlError, parameterValues = false }: WsdlResolvePanelProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const viewOnly = useViewOnly()
  const { busy, resolve, cancel } = useWsdlResolve()
  const [resolution, setResolution] = useState<WsdlResolution | null>(null)
  const [addressError, setAddressError] = useState<string | undefined>()
  const wsdlUrl = value.wsdlUrl ?? ''

  const runResolve = async () => {
    if (!wsdlUrl.trim()) return setAddressError(EMPTY_ADDRESS)
    setAddressError(undefined)
    const outcome = await resolve(wsdlUrl.trim())
    if (outcome.ok) {
      setResolution(outcome.resolution)
      onChange(resetAfterResolve(wsdlUrl.trim(), outcome.resolution))
      showToast({ intent: 'success', message: t('wsdl:resolved') })
    } else if (!('cancelled' in outcome)) {
      // Nothing of the previous resolve may outlive a failed one (issue 24).
      setResolution(null)
      onChange(clearedAfterFailure(value, resolution))
      setAddressError(outcome.fieldError)
    }
  }

  const operations = resolution?.operations ?? []
  const chosen = operations.find((o) => o.targetMethodName === value.methodName)
  const manyPorts = new Set(operations.map((o) => o.portName ?? '')).size > 1
  const storedMethod = !resolution && value.methodName ? value.methodName : null
  const parameters = value.parameters ?? []
  const headers = value.headerParameters ?? []
  const showHeaders = resolution ? (chosen?.headerParameters.length ?? 0) > 0 : headers.length > 0

  return (
    <div className={styles.root}>
      <FormField label={t('wsdl:wsdl_url')} required errorKey={addressError ?? wsdlUrlError}>
        <div className={styles.addressRow}>
          <Input
            className={styles.address}
            value={wsdlUrl}
            placeholder="http://host/service?wsdl"
            disabled={viewOnly || busy}
            aria-label={t('wsdl:wsdl_url')}
            onChange={(_, d) => {
              setAddressError(undefined)
              onChange({ wsdlUrl: d.value })
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void runResolve()
            }}
          />
          <Button appearance="primary" disabled={viewOnly || busy} icon={busy ? <Spinner size="extra-tiny" /> : undefined} onClick={() => void runResolve()}>
            {busy ? t('wsdl:resolving') : t('wsdl:resolve')}
          </Button>
          {busy && <Button onClick={cancel}>{t('wsdl:cancel')}</Button>}
        </div>
      </FormField>

      {resolution && <WsdlWarnings warnings={resolution.warnings ?? []} />}

      <FormField label={t('wsdl:method')}>
        <Select
          value={value.methodName ?? ''}
          disabled={viewOnly || busy || (operations.length === 0 && !storedMethod)}
          aria-label={t('wsdl:method')}
          onChange={(_, d) => {
            const op = operations.find((o) => o.targetMethodName === d.value)
            if (op && resolution) onChange(selectOperation(op, resolution, value))
          }}
        >
          <option value="">{operations.length === 0 && !storedMethod ? t('wsdl:method_resolve_first') : t('wsdl:method_choose')}</option>
          {storedMethod && <option value={storedMethod}>{storedMethod}</option>}
          {operations.map((o) => (
            <option key={o.targetMethodName} value={o.targetMethodName}>
              {manyPorts && o.portName ? t('wsdl:method_option', { method: o.targetMethodName, port: o.portName }) : o.targetMethodName}
            </option>
          ))}
        </Select>
      </FormField>

      {value.methodName && (
        <FormField label={t('wsdl:parameters')} hint={parameterValues && parameters.length > 0 ? t('wsdl:parameter_values_hint') : undefined}>
          {parameters.length === 0 ? (
            <Text className={styles.muted}>{t('wsdl:no_parameters')}</Text>
          ) : (
            <WsdlParameterTable
              label={t('wsdl:parameters')}
              withType
              rows={parameters}
              disabled={viewOnly}
              onValueChange={parameterValues ? (i, v) => onChange({ parameters: parameters.map((p, j) => (j === i ? { ...p, value: v } : p)) }) : undefined}
            />
          )}
        </FormField>
      )}

      {value.methodName && showHeaders && (
        <FormField label={t('wsdl:header_parameters')} hint={value.headerMethodName ? t('wsdl:header_element', { name: value.headerMethodName }) : undefined}>
          <WsdlParameterTable
            label={t('wsdl:header_parameters')}
            rows={headers}
            disabled={viewOnly}
            onValueChange={(i, v) => onChange({ headerParameters: headers.map((h, j) => (j === i ? { ...h, value: v } : h)) })}
          />
        </FormField>
      )}
    </div>
  )
}
