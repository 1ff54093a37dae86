/** One page of a cursor-paginated list (`first`, `after` → `hasNextPage`, `nextCursor`). */
export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
  nextCursor?: string;
}

/**
 * Every item of a cursor-paginated list, fetched a page at a time as the caller iterates (`for await`), so a break
 * stops the fetching. `fetchPage(after)` gets the previous page's `nextCursor` (undefined for the first).
 */
export async function* paginate<T>(fetchPage: (after: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let after: string | undefined;
  for (;;) {
    const page = await fetchPage(after);
    yield* page.items;
    if (!page.hasNextPage || !page.nextCursor) return;
    after = page.nextCursor;
  }
}
