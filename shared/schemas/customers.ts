/** Searching a store's customers (SPEC §7 `POST {loc}/customers/search?limit=50`), for every board that finds a customer. */
import * as z from 'zod/mini';
import { CUSTOMER_SEARCH_LIMIT } from '../customers.js';

/** POST {loc}/customers/search?limit=50: a name (any order of first and last) or a phone number. */
export const customerSearchBody = z.object({ query: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) });
export const customerSearchLimit = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(CUSTOMER_SEARCH_LIMIT)), CUSTOMER_SEARCH_LIMIT);
