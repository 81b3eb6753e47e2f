/** Default page size of lists (spec shell §9). */
export const DEFAULT_PAGE_SIZE = 20;

export interface PagingInput {
  page?: number | undefined;
  pageNo?: number | undefined;
  size?: number | undefined;
  limit?: number | undefined;
  pageSize?: number | undefined;
}

/** The page a list reads, from pageNo/pageSize or the header's page/size/limit (spec shell §7 "Header calls"). */
export function paging(input: PagingInput): { pageNo: number; pageSize: number; offset: number } {
  const pageNo = input.pageNo ?? input.page ?? 1;
  const pageSize = input.pageSize ?? input.size ?? input.limit ?? DEFAULT_PAGE_SIZE;
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}
