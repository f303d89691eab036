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
