import { z } from 'zod'

/** Spec §9: lists start at page 1 with 20 rows; the largest page a console asks for is 1000. */
export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 1000

export const pageSizeDefaulting = (size: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(size)

/** Paging of a list call (query string, so numbers arrive as text). */
export const pageQueryShape = {
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: pageSizeDefaulting(DEFAULT_PAGE_SIZE),
}

/** A page of a list, as the platform lists answer it: `content` and `totalElements`. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), totalElements: z.number().int().min(0) })
export interface Paged<T> {
  content: T[]
  totalElements: number
}
