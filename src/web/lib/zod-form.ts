import type { z } from 'zod';

/** A @mantine/form `validate` function from a contract schema: one message per field path. */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
    return errors;
  };
}

/** Server 400/409 problems carry JSON pointers (/body/field): put them on the form's fields. */
export function pointerErrors(
  problem: { errors?: { pointer: string; detail: string }[] } | null | undefined,
) {
  const out: Record<string, string> = {};
  for (const e of problem?.errors ?? [])
    out[e.pointer.replace(/^\/body\//, '').replace(/\//g, '.')] = e.detail;
  return out;
}
