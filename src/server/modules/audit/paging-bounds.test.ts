import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractEndpoints } from '../../test/contract-endpoints';

// Every paging parameter of every contract has a maximum, so a later contract cannot forget it:
// an unbounded page number reached the SQL as an offset no integer holds (a 500).

/** A field that chooses a window of a list, by its name. */
const PAGING = /^(page|page_?(number|index|size)|per_?page|limit|offset|skip|take)$/i;
/** PostgreSQL's integer: a page's offset (page × page size) must stay inside it. */
const PG_INTEGER_MAX = 2_147_483_647;

interface Schema {
  type?: string;
  maximum?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

/** The paging fields of one request part (as its OpenAPI document shows it), at any depth. */
function pagingFields(schema: Schema, at = ''): { pointer: string; name: string; schema: Schema }[] {
  const nested = [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, s]) => [
      ...(PAGING.test(name) ? [{ pointer: `${at}/${name}`, name, schema: s }] : []),
      ...pagingFields(s, `${at}/${name}`),
    ]),
    ...(schema.items ? pagingFields(schema.items, `${at}/*`) : []),
  ];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...nested, ...alternatives.flatMap((s) => pagingFields(s, at))];
}

const found = contractEndpoints.flatMap((e) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = e[part];
    if (!schema) return [];
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
    return pagingFields(json, `/${part}`).map((f) => ({
      ...f,
      list: `${e.method} ${e.path} /${part}`,
      where: `${e.method} ${e.path} ${f.pointer}`,
    }));
  }),
);

describe('paging parameters of every contract', () => {
  it('finds the paging fields of every list, the shop search included', () => {
    expect(found.length).toBeGreaterThan(50);
    expect(found.map((f) => f.where)).toContain('POST /api/search/items /body/page');
  });

  it('every paging field is a number with a maximum inside PostgreSQL integer', () => {
    const unbounded = found
      .filter((f) => !(typeof f.schema.maximum === 'number' && f.schema.maximum <= PG_INTEGER_MAX))
      .map((f) => `${f.where} (maximum ${f.schema.maximum})`);
    expect(unbounded).toEqual([]);
  });

  it('the last page of a list starts at an offset PostgreSQL integer holds', () => {
    const maximum = (list: string, names: RegExp) =>
      Math.max(
        1,
        ...found.filter((f) => f.list === list && names.test(f.name)).map((f) => f.schema.maximum ?? 1),
      );
    const overflowing = [...new Set(found.map((f) => f.list))].filter(
      (list) => maximum(list, /^page$/i) * maximum(list, /size|per_?page|limit|take/i) > PG_INTEGER_MAX,
    );
    expect(overflowing).toEqual([]);
  });
});
