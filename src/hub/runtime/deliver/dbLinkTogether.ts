import type { DbLinkAnswer, DbLinkTask } from './dbLinkThread'

/**
 * dblink messages for the same PostgreSQL table written together (on the dblink thread).
 *
 * A batched pull delivers a stream of 1,000-row messages into one table. PostgreSQL spends
 * about as much on each INSERT statement as on a few hundred of its rows, so several messages
 * in one statement cost far less than each in its own (bench/dbLinkPull.bench.ts). Messages of
 * one target — same data source and version, table and field mappings, insert only — queue
 * here while a write of theirs is under way, and the next write takes all that waited (up to
 * MAX_TOGETHER): a group commit. The first message of a quiet target is written at once.
 *
 * Each message still lands whole or not at all: a group is one transaction, and when it fails
 * for any reason the group's messages are written again one by one, each in its own
 * transaction, so each gets its own outcome and error exactly as alone.
 */
export const MAX_TOGETHER = 8

/** Writes a set of one target's tasks in one transaction; throws when that fails. */
export type WriteTogether = (tasks: readonly DbLinkTask[]) => Promise<void>
/** Writes one task alone, answering its outcome. */
export type WriteAlone = (task: DbLinkTask) => Promise<DbLinkAnswer>

interface Waiting {
  task: DbLinkTask
  answer: (a: DbLinkAnswer) => void
}

interface TargetQueue {
  waiting: Waiting[]
  writing: boolean
}

/** Tasks that may go together: PostgreSQL, insert only. */
export const mayGoTogether = (task: DbLinkTask): boolean => task.spec.dbType === 'postgresql' && task.compare.length === 0

const targetOf = (task: DbLinkTask): string => JSON.stringify([task.source.id, task.source.version, task.table, task.mappings])

export class TogetherWriter {
  private readonly queues = new Map<string, TargetQueue>()

  constructor(
    private readonly together: WriteTogether,
    private readonly alone: WriteAlone,
  ) {}

  write(task: DbLinkTask): Promise<DbLinkAnswer> {
    const key = targetOf(task)
    let queue = this.queues.get(key)
    if (!queue) this.queues.set(key, (queue = { waiting: [], writing: false }))
    const answered = new Promise<DbLinkAnswer>((answer) => queue.waiting.push({ task, answer }))
    if (!queue.writing) void this.drain(key, queue)
    return answered
  }

  /** Writes what waits, a group at a time, until nothing does; then forgets the target. */
  private async drain(key: string, queue: TargetQueue): Promise<void> {
    queue.writing = true
    while (queue.waiting.length > 0) {
      const group = queue.waiting.splice(0, MAX_TOGETHER)
      const answers = await this.writeGroup(group.map((w) => w.task))
      group.forEach((w, i) => w.answer(answers[i]!))
    }
    queue.writing = false
    this.queues.delete(key)
  }

  private async writeGroup(tasks: DbLinkTask[]): Promise<DbLinkAnswer[]> {
    if (tasks.length > 1) {
      try {
        await this.together(tasks)
        return tasks.map(() => ({ ok: true }))
      } catch {
        // One by one: each message's own outcome and error.
      }
    }
    return Promise.all(tasks.map((t) => this.alone(t)))
  }
}
