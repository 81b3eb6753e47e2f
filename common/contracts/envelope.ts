import { type Static, type TSchema, Type } from 'typebox';

/**
 * The wire shapes every REST area shares (spec shell §7–8): the response envelope, pages of records and the paging
 * fields of a request. Each area's own requests and answers are in the file of its name beside this one; the server
 * validates with these schemas and the client reads their types (`Static<typeof XSchema>`, exported as `X`).
 */

/** The response envelope: `code` 0 (or 200 for the `/api/*` calls) is success; `data` is null on a refusal. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** The envelope around one answer's `data` schema. */
export function EnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), message: Type.String(), data });
}

/** One page of a list: the records, the total across pages and the page that was read (1-based). */
export function PageSchema<T extends TSchema>(record: T) {
  return Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
  });
}
export interface Page<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** An answer with no data (`data: null`). */
export const NoDataSchema = Type.Null();

/** Page number and size as most lists take them (spec shell §9: 20 a page unless an area says otherwise). */
export const PageNoSchema = Type.Integer({ minimum: 1, maximum: 100_000 });
export const PageSizeSchema = Type.Integer({ minimum: 1, maximum: 100 });
export const PagingFields = {
  pageNo: Type.Optional(PageNoSchema),
  pageSize: Type.Optional(PageSizeSchema),
};
export const PagingSchema = Type.Object(PagingFields);
export type Paging = Static<typeof PagingSchema>;

/**
 * Paging fields of the header's lists: notices ask with page/size and messages with page/limit (spec shell §7 "Header
 * calls"); pageNo/pageSize, as the other lists use, are read too.
 */
export const HeaderPagingFields = {
  page: Type.Optional(PageNoSchema),
  pageNo: Type.Optional(PageNoSchema),
  size: Type.Optional(PageSizeSchema),
  limit: Type.Optional(PageSizeSchema),
  pageSize: Type.Optional(PageSizeSchema),
};
