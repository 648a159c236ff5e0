import fc from 'fast-check';

// fast-check arbitraries from the JSON Schemas of the OpenAPI document (/api/docs/json, written
// from the zod contracts): values the schema accepts, and values it should refuse. The fuzz suite
// (src/server/modules/audit/api-fuzz.test.ts, docs/security.md) sends both to every endpoint.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function integerArb(s: JsonSchema): fc.Arbitrary<number> {
  let min = s.minimum ?? -MAX_SAFE;
  let max = s.maximum ?? MAX_SAFE;
  if (s.exclusiveMinimum === true) min += 1;
  else if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + 1;
  if (s.exclusiveMaximum === true) max -= 1;
  else if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - 1;
  min = Math.max(Math.ceil(min), -MAX_SAFE);
  max = Math.min(Math.floor(max), MAX_SAFE);
  if (min > max) return fc.constant(min);
  // Mostly small values, so that ids hit rows of the seeded database and quantities stay sane.
  const lo = Math.max(min, 0);
  const hi = Math.min(max, 60);
  return lo <= hi
    ? fc.oneof({ weight: 4, arbitrary: fc.integer({ min: lo, max: hi }) }, fc.integer({ min, max }))
    : fc.integer({ min, max });
}

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, Math.max(minLength, 40));
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY));
    } catch {
      // A pattern fast-check cannot read: plain strings (the server refuses most of them).
    }
  }
  switch (s.format) {
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
  }
  // ASCII, so that a length limit counts what the server counts.
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

/** Values the schema accepts (as far as fast-check can tell: patterns and formats included). */
export function validArb(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant(undefined);
  const base = validCore(s, depth);
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: base }, fc.constant(null)) : base;
}

function validCore(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validArb(a, depth + 1)));
  if (s.allOf?.length) return validArb(Object.assign({}, ...s.allOf), depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) shape[k] = validArb(v, depth + 1);
      return fc.record(shape, { requiredKeys: [...required].filter((k) => k in props) });
    }
    case 'array':
      return fc.array(validArb(s.items, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, Math.max(s.minItems ?? 0, 4)),
      });
    case 'integer':
      return integerArb(s);
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e9,
        max: s.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringArb(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values that are wrong somewhere: a wrong type, a field missing or unknown, an edge number or string. */
export function invalidArb(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.constantFrom<unknown>(
    -1,
    0,
    1.5,
    2 ** 53 + 2,
    1e308,
    '',
    ' ',
    'x'.repeat(5000),
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '\u0000',
    '../../etc/passwd',
    '1e999',
    true,
    null,
    [],
    {},
    { __proto__: { admin: true } },
  );
  if (!s || depth > 4) return fc.oneof(hostile, fc.jsonValue({ maxDepth: 2 }));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object' && s.properties && Object.keys(s.properties).length) {
    const props = s.properties;
    const keys = Object.keys(props);
    // One field replaced with something wrong, or a required field dropped, or an unknown one added.
    return fc.oneof(
      fc
        .tuple(validArb(s, depth), fc.constantFrom(...keys))
        .chain(([obj, key]) =>
          invalidArb(props[key], depth + 1).map((bad) => ({ ...(obj as object), [key]: bad })),
        ),
      validArb(s, depth).map((obj) => {
        const copy = { ...(obj as Record<string, unknown>) };
        const req = s.required?.[0];
        if (req) delete copy[req];
        return copy;
      }),
      validArb(s, depth).map((obj) => ({ ...(obj as object), unexpected: { nested: [1, 'x'] } })),
      hostile,
    );
  }
  if (type === 'array') return fc.oneof(fc.array(invalidArb(s.items, depth + 1), { maxLength: 3 }), hostile);
  return fc.oneof(hostile, fc.jsonValue({ maxDepth: 1 }));
}

/** A path or query parameter as text: mostly valid, sometimes garbage. */
export function paramArb(s: JsonSchema | undefined, valid: boolean): fc.Arbitrary<string> {
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  if (valid) return validArb(s).map(text);
  return fc.oneof(
    fc.constantFrom('abc', '-1', '0', '1.5', '1e999', '9007199254740993', '%00', '..%2F..', 'null', '[]'),
    invalidArb(s).map(text),
  );
}
