import { z } from 'zod';
import { PageQuery } from './common';

/** Every back-office list: paging, sort (`name` ascending, `-name` descending) and a search box. */
export const ListQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

/** Optional numeric filter from a query string (empty means none). */
export const OptionalId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);
export const OptionalBool = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v === 'true' || v === true),
  z.boolean().optional(),
);

export const Text = (max = 200) => z.string().trim().max(max);
export const Required = (label: string, max = 200) => z.string().trim().min(1, `Enter ${label}`).max(max);
export const Zip = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code');
export const Email = z.string().trim().email('Enter a valid e-mail address').max(200);
export const NullableId = z.number().int().positive().nullable();

type Undefaulted<S> = S extends z.ZodDefault<infer I> ? I : S;

/**
 * The body of an update: every field optional and, unlike `.partial()` (which in Zod 4 still fills
 * defaults), an absent field stays absent so that it is left as it is.
 */
export function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof T]: z.ZodOptional<Undefaulted<T[K]>> }>;
}
