// Every statement with parameters runs as a named (prepared) statement of its connection, so
// PostgreSQL parses and plans a statement text once per connection instead of on every call
// (docs/performance.md, "Prepared statements"). Statements that already have a name (the
// search's) keep it; statements without parameters (begin, commit) use the simple protocol.
import pg from 'pg';

/** Distinct statement texts one connection prepares; later new texts run unnamed. */
export const MAX_PREPARED_PER_CONNECTION = 1000;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };
type QueryArgs = Parameters<pg.Client['query']>;

/** A pg client that names each parameterized statement text it sees (p1, p2, … per connection). */
export class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();

  #nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known || this.#names.size >= MAX_PREPARED_PER_CONNECTION) return known;
    const name = `p${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; arguments pass through
  override query(...args: any[]): any {
    const [config, values] = args;
    if (config && typeof config === 'object' && typeof config.submit !== 'function') {
      const c = config as QueryConfig;
      const params = Array.isArray(values) ? values : c.values;
      if (!c.name && typeof c.text === 'string' && Array.isArray(params) && params.length) {
        const name = this.#nameOf(c.text);
        if (name) args[0] = { ...c, name };
      }
    } else if (typeof config === 'string' && Array.isArray(values) && values.length) {
      const name = this.#nameOf(config);
      if (name) args[0] = { text: config, name };
    }
    return (super.query as (...a: QueryArgs) => unknown)(...(args as QueryArgs));
  }
}
