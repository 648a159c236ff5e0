import type { z } from 'zod';
import type { searchItems } from '../../../contract/search';

/** The data of a search answer, as the contract shapes it. */
export type SearchItems = z.output<typeof searchItems.response>['data'];
