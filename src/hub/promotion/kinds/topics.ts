import { consumerCreate, consumerInputSchema } from '../../../shared/contract/datahub/consumer'
import { producerCreate, producerInputSchema } from '../../../shared/contract/datahub/producer'
import { topicCreate, topicInputSchema } from '../../../shared/contract/datahub/topic'
import type { ConsumerEntry, ProducerEntry, TopicEntry } from '../../../shared/contract/promotion/document'
import { CONSUMER_RUNNING } from '../../../shared/rules/datahub/consumer'
import { PRODUCER_STOPPED } from '../../../shared/rules/datahub/producer'
import { createConsumerIn, toggleConsumerIn, updateConsumerIn } from '../../datahub/consumers'
import { createProducerIn, toggleProducerIn, updateProducerIn } from '../../datahub/producers'
import { consumerFromRow, producerFromRow, topicFromRow } from '../../datahub/rows'
import { datahubDb, type ConsumersTable, type ProducersTable } from '../../datahub/tables'
import { liveTopic, requireLiveTopic, type TopicRow } from '../../datahub/topicRepository'
import { createTopicIn, updateTopicIn } from '../../datahub/topicWrite'
import type { Selectable } from 'kysely'
import { nameAuthentications, requireDataSources, resolveAuthentications } from '../references'
import { AUDIT_KEYS, parseAs, pick, promotionAmbiguous, without, type Candidate, type Existing, type PromotionTarget, type Tx } from '../target'

/**
 * Topics with their producer and consumers. A producer is its topic's (one a topic); a consumer
 * is matched in its topic by application code and consume type. A status in the document says
 * whether the party should run: the target starts or stops it through the same switch as the
 * flow page, after its fields are saved (a running producer is not edited: spec).
 */
type ProducerRow = Selectable<ProducersTable>
type ConsumerRow = Selectable<ConsumersTable>

const producerRunning = (status: string) => (status === PRODUCER_STOPPED ? '0' : '1')
const consumerRunning = (status: string) => (status === CONSUMER_RUNNING ? '1' : '0')

const topicFields = (row: TopicRow) => without(topicFromRow(row), [...AUDIT_KEYS, 'isDelete'])

async function producerEntry(db: Tx, row: ProducerRow, topic: TopicRow): Promise<ProducerEntry> {
  const record = without(producerFromRow(row, topic.name), [...AUDIT_KEYS, 'topicCode', 'topicName'])
  return nameAuthentications(db, { ...record, status: producerRunning(record.status) })
}

async function consumerEntry(db: Tx, row: ConsumerRow, topic: TopicRow): Promise<ConsumerEntry> {
  const record = without(consumerFromRow(row, topicFromRow(topic)), [...AUDIT_KEYS, 'topicCode', 'topicName'])
  return nameAuthentications(db, { ...record, status: consumerRunning(record.status) })
}

const producerOf = (db: Tx, topic: TopicRow) => datahubDb(db).selectFrom('producers').selectAll().where('topic_id', '=', topic.id).executeTakeFirst()
const consumersOf = (db: Tx, topic: TopicRow) => datahubDb(db).selectFrom('consumers').selectAll().where('topic_id', '=', topic.id).orderBy('created_at').orderBy('id').execute()

/** The topic of this code with its producer and consumers, as a document holds it, or undefined. */
export async function topicEntry(db: Tx, code: string): Promise<TopicEntry | undefined> {
  const topic = await liveTopic(datahubDb(db), { code })
  if (!topic) return undefined
  const producer = await producerOf(db, topic)
  const consumers = await Promise.all((await consumersOf(db, topic)).map((c) => consumerEntry(db, c, topic)))
  return { ...topicFields(topic), producer: producer ? await producerEntry(db, producer, topic) : null, consumers }
}

export const consumerCode = (topicCode: string, c: Pick<ConsumerEntry, 'applicationCode' | 'dataConsumeType'>) => `${topicCode}/${c.applicationCode}/${c.dataConsumeType}`

export function topicCandidates(entry: TopicEntry, target: PromotionTarget): Candidate[] {
  const { producer, consumers, ...incoming } = entry
  const code = entry.code
  /** The topic held for the change (locked on PostgreSQL, as the editors hold it). */
  const hold = (tx: Tx, by: { id: string } | { code: string }) => requireLiveTopic(datahubDb(tx), by, target.storeKind)
  const topic: Candidate = {
    kind: 'topic',
    code,
    editor: topicCreate,
    incoming,
    secrets: [],
    async read(tx): Promise<Existing | undefined> {
      const row = await liveTopic(datahubDb(tx), { code })
      if (!row) return undefined
      return {
        id: row.id,
        fields: topicFields(row),
        secretMatches: () => false,
        change: async (tx, changed) => updateTopicIn(datahubDb(tx), await hold(tx, { id: row.id }), pick(incoming, changed), target.who),
      }
    },
    create: async (tx) => void (await createTopicIn(datahubDb(tx), parseAs(topicInputSchema, incoming), target.who)),
  }
  return [topic, ...(producer ? [producerCandidate(code, producer, target, hold)] : []), ...consumers.map((c) => consumerCandidate(code, c, target, hold))]
}

type Hold = (tx: Tx, by: { id: string } | { code: string }) => Promise<TopicRow>

/** The fields to save, with the target's authentication ids, once every data source they name is there. */
async function resolved(tx: Tx, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  await requireDataSources(tx, fields)
  return resolveAuthentications(tx, fields)
}

function producerCandidate(topicCode: string, entry: ProducerEntry, target: PromotionTarget, hold: Hold): Candidate {
  const incoming = { ...entry }
  const start = async (tx: Tx, topic: TopicRow) => {
    const row = (await producerOf(tx, topic))!
    if (producerRunning(row.status) !== entry.status) await toggleProducerIn(datahubDb(tx), { stored: row, topic }, target.who)
  }
  return {
    kind: 'producer',
    code: topicCode,
    editor: producerCreate,
    incoming,
    secrets: [],
    async read(tx): Promise<Existing | undefined> {
      const topic = await liveTopic(datahubDb(tx), { code: topicCode })
      const row = topic && (await producerOf(tx, topic))
      if (!topic || !row) return undefined
      return {
        id: row.id,
        fields: await producerEntry(tx, row, topic),
        secretMatches: () => false,
        async change(tx, changed) {
          const held = await hold(tx, { id: topic.id })
          const fields = new Set([...changed].filter((f) => f !== 'status'))
          if (fields.size > 0) {
            const sent = await resolved(tx, pick(incoming, fields))
            await updateProducerIn(datahubDb(tx), { stored: row, topic: held }, sent, { productionMode: entry.productionMode }, target.who, target.asker)
          }
          if (changed.has('status')) await start(tx, held)
        },
      }
    },
    async create(tx) {
      const topic = await hold(tx, { code: topicCode })
      const input = parseAs(producerInputSchema, { ...(await resolved(tx, incoming)), topicCode })
      await createProducerIn(datahubDb(tx), topic, input, target.who, target.asker)
      await start(tx, topic)
    },
  }
}

function consumerCandidate(topicCode: string, entry: ConsumerEntry, target: PromotionTarget, hold: Hold): Candidate {
  const incoming = { ...entry }
  const matching = async (tx: Tx, topic: TopicRow): Promise<ConsumerRow | undefined> => {
    const found = await datahubDb(tx)
      .selectFrom('consumers')
      .selectAll()
      .where('topic_id', '=', topic.id)
      .where('application_code', '=', entry.applicationCode)
      .where('data_consume_type', '=', entry.dataConsumeType)
      .execute()
    if (found.length > 1) throw promotionAmbiguous()
    return found[0]
  }
  const start = async (tx: Tx, topic: TopicRow) => {
    const row = (await matching(tx, topic))!
    if (consumerRunning(row.status) !== entry.status) await toggleConsumerIn(datahubDb(tx), { stored: row, topic }, target.who)
  }
  return {
    kind: 'consumer',
    code: consumerCode(topicCode, entry),
    editor: consumerCreate,
    incoming,
    secrets: [],
    async read(tx): Promise<Existing | undefined> {
      const topic = await liveTopic(datahubDb(tx), { code: topicCode })
      const row = topic && (await matching(tx, topic))
      if (!topic || !row) return undefined
      return {
        id: row.id,
        fields: await consumerEntry(tx, row, topic),
        secretMatches: () => false,
        async change(tx, changed) {
          const held = await hold(tx, { id: topic.id })
          const fields = new Set([...changed].filter((f) => f !== 'status'))
          if (fields.size > 0) await updateConsumerIn(datahubDb(tx), { stored: row, topic: held }, await resolved(tx, pick(incoming, fields)), undefined, target.who, target.asker)
          if (changed.has('status')) await start(tx, held)
        },
      }
    },
    async create(tx) {
      const topic = await hold(tx, { code: topicCode })
      const input = parseAs(consumerInputSchema, { ...(await resolved(tx, incoming)), topicCode })
      await createConsumerIn(datahubDb(tx), topic, input, target.who, target.asker)
      await start(tx, topic)
    },
  }
}
