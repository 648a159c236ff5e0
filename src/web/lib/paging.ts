/**
 * Rows on one page of every paged list in the web app (orders, quotes, the back-office queues
 * and grids). A list that shows another number names its own constant and says why.
 */
export const PAGE_SIZE = 15;

/** How many pages `count` rows fill, at `size` a page. */
export const pageCount = (count: number, size: number = PAGE_SIZE): number => Math.ceil(count / size);
