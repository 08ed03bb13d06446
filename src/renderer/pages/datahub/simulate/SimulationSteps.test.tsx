// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { Simulation } from '../../../../shared/contract/datahub/simulate'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { SimulationSteps } from './SimulationSteps'

afterEach(resetState)

const passed = { status: 'ok' as const, error: null, notes: [] }
const payload = { text: '{"id":1}', format: 'json' as const }

/** A stopped producer's topic whose routing key no consumer has, as the hub answers it. */
const simulation: Simulation = {
  topicCode: 'orders',
  admission: { status: 'warning', error: null, notes: ['producerDisabled'] },
  check: { ...passed, dataFormat: 'json', output: payload },
  preProcess: { ...passed, enabled: false, type: '', expression: '', output: payload },
  routing: { status: 'warning', error: null, notes: ['noConsumerReached'], byKey: true, rows: [], keys: ['nobody'], consumers: [] },
  consumers: [],
}

it('a step whose outcome is that nothing happens shows a warning badge, not "passed", with the reason', () => {
  renderWithProviders(<SimulationSteps simulation={simulation} />)
  const admission = screen.getByRole('region', { name: '接收' })
  expect(within(admission).getByText('需注意')).toBeTruthy()
  expect(within(admission).queryByText('通过')).toBeNull()
  const routing = screen.getByRole('region', { name: '路由' })
  expect(within(routing).getByText('需注意')).toBeTruthy()
  expect(routing.textContent).toContain('没有到达任何启用的消费者')
  // The steps that did pass still say so.
  expect(within(screen.getByRole('region', { name: '格式与结构校验' })).getByText('通过')).toBeTruthy()
})
