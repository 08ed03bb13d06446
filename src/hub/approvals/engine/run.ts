import { EventEmitter } from 'node:events'
import { Engine } from 'bpmn-engine'
import { conditionScripts } from './conditions'

/**
 * One step of an instance in bpmn-engine, never kept in memory between steps: start runs a
 * deployed definition until its first user tasks wait; a later step recovers the engine from
 * the state stored after the previous one, resumes it, signals the user task that was decided
 * and runs on until user tasks wait again or the process ends. Every step ends with the state
 * to store (getState()), so any hub node, or this one after a restart, takes the next one.
 *
 * The stored state also carries the trail the workbench draws: links taken and nodes passed.
 */
export interface Trail {
  links: string[]
  nodes: string[]
}
export interface Stored {
  engine: unknown
  trail: Trail
}
export interface StepResult {
  stored: Stored
  /** User tasks (approval node ids) waiting now. */
  waiting: string[]
  ended: boolean
}

const ENGINE_NAME = 'datahub-approvals'

function follow(trail: Trail): EventEmitter {
  const listener = new EventEmitter()
  listener.on('flow.take', (flow: { id: string }) => {
    if (!trail.links.includes(flow.id)) trail.links.push(flow.id)
  })
  listener.on('activity.end', (activity: { id: string }) => {
    if (!trail.nodes.includes(activity.id)) trail.nodes.push(activity.id)
  })
  return listener
}

async function settle(engine: Engine, execution: Awaited<ReturnType<Engine['execute']>>, trail: Trail, failure: { error: Error | null }): Promise<StepResult> {
  // bpmn-engine runs synchronously between waits: by now the step is done (or failed).
  if (failure.error) throw failure.error
  const waiting = execution.getPostponed().filter((a) => a.type === 'bpmn:UserTask').map((a) => a.id)
  const ended = !execution.isRunning
  const engineState = await engine.getState()
  return { stored: { engine: engineState, trail: { links: [...trail.links], nodes: [...trail.nodes] } }, waiting, ended }
}

/** A waiting engine is stopped (its state is stored); an ended one has nothing to stop, and stop() would wait forever. */
async function release(engine: Engine, execution: { isRunning: boolean }): Promise<void> {
  if (execution.isRunning) await engine.stop()
}

export async function startProcess(bpmnXml: string, variables: Record<string, unknown>): Promise<StepResult> {
  const trail: Trail = { links: [], nodes: [] }
  const failure = { error: null as Error | null }
  const engine = new Engine({ name: ENGINE_NAME, source: bpmnXml, scripts: conditionScripts })
  engine.once('error', (err: Error) => (failure.error = err))
  const execution = await engine.execute({ listener: follow(trail), variables })
  try {
    return await settle(engine, execution, trail, failure)
  } finally {
    await release(engine, execution)
  }
}

/** Recovers the engine from `stored`, resumes it and completes the user task `nodeId`. */
export async function completeTask(stored: Stored, nodeId: string): Promise<StepResult> {
  const trail: Trail = { links: [...stored.trail.links], nodes: [...stored.trail.nodes] }
  const failure = { error: null as Error | null }
  const engine = new Engine({ name: ENGINE_NAME, scripts: conditionScripts }).recover(structuredClone(stored.engine))
  engine.once('error', (err: Error) => (failure.error = err))
  const execution = await engine.resume({ listener: follow(trail) })
  execution.signal({ id: nodeId })
  try {
    return await settle(engine, execution, trail, failure)
  } finally {
    await release(engine, execution)
  }
}
