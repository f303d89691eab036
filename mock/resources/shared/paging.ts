// Page-number pagination (the contract's PagePagination): 1-based `page`, `per_page` 1..100.
export interface PageResult<T> {
  items: T[];
  pagination: { page: number; per_page: number; total: number; total_pages: number };
}

export function paginate<T>(all: T[], page = 1, perPage = 25): PageResult<T> {
  const total = all.length;
  const start = (page - 1) * perPage;
  return {
    items: all.slice(start, start + perPage),
    pagination: { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) },
  };
}

/** The published default page size ("Lists and paging": per_page default 15, at most 100). */
export const DEFAULT_PER_PAGE = 15;

/** The published paged list (the contract's PagedList): `{current_page, last_page, per_page, total, data}`. */
export interface PagedList<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: T[];
}

export function pagedList<T>(all: T[], page = 1, perPage = DEFAULT_PER_PAGE): PagedList<T> {
  const start = (page - 1) * perPage;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(all.length / perPage)),
    per_page: perPage,
    total: all.length,
    data: all.slice(start, start + perPage),
  };
}
