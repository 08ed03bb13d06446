import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { uploadedFileSchema } from '../platform/licence'
import { TOPIC_PERMISSION } from './permissions'
import { runSchema } from './schedule'

/**
 * "Run with this file" (issue 14): the operator hands an excel producer a workbook from the
 * console. The hub checks it as the producer will read it (the field-mapping upload's type and
 * size rules, MAPPING_EXCEL, then the producer's sheet settings), drops it into the producer's
 * inbox and starts a run at once, which reads it with any other workbook waiting there.
 *
 * Multipart field `file`; the producer's `id` in the query. The answer is the run started.
 * Refused like "run now" when the producer is not an excel producer, when it or its topic is not
 * enabled, or while a run of it is in progress; and on a hub node that runs no producers
 * (HUB_WORKER=off), as the inbox is this node's folder.
 */
export const producerRunWithFile = defineEndpoint({
  area: 'datahub',
  access: 'session',
  permission: TOPIC_PERMISSION,
  id: 'datahub.producer.runWithFile',
  method: 'POST',
  path: '/producer/runWithFile',
  upload: true,
  input: z.object({ id: z.string().min(1).max(64), file: uploadedFileSchema }),
  output: runSchema,
})
