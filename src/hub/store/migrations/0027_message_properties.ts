import type { Kysely } from 'kysely'

/**
 * What a message brought besides its body (issue 32 item 8): `dh_messages.properties` holds an
 * mq producer's AMQP properties (message id, correlation id, timestamp, type, app id, the declared
 * content type and encoding, the header table) as JSON text, in the shape of
 * src/shared/contract/datahub/messageProperties.ts. Null for every message stored before, and for
 * pushed and scheduled ones, which bring none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dh_messages').addColumn('properties', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dh_messages').dropColumn('properties').execute()
}
