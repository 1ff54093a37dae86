import pg from 'pg';

/** What node-postgres's Query does with a connection; its own typings leave these out. */
interface ProtocolConnection {
  parse(msg: { text: string; name?: string; types?: unknown[] }): void;
  bind(msg: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(msg: { portal?: string; rows?: number }): void;
  submittedNamedStatements: Record<string, string>;
}
interface QueryInternals {
  text: string;
  name?: string;
  types?: unknown[];
  hasBeenParsed(connection: ProtocolConnection): boolean;
  prepare(connection: ProtocolConnection): void;
}
type QueryCallback = (err: Error | null, results: pg.QueryResult | pg.QueryResult[]) => void;
const QueryBase = pg.Query as unknown as new (config: pg.QueryConfig, values: undefined, callback: QueryCallback) => QueryInternals;

/**
 * A statement sent with the commands that must run just before it (a transaction's BEGIN, a SET of the session) in
 * one message: they are then not round trips of their own (a write to the server, a wake-up of its backend, an answer
 * to wait for) on every transaction of the request path.
 *
 * It is node-postgres's own extended-protocol query with each command bound and executed, unnamed, before the
 * statement, all before the one Sync: the server runs them in order and answers once; a failure skips the rest. The
 * statement's Parse, when the connection has not parsed it yet, goes first, so that a text that fails to parse stops
 * the message before the commands run and the connection's record of what it parsed stays true. The commands' results
 * come first; the statement's is the last.
 */
class PrefixedQuery extends QueryBase {
  prefixes: readonly string[] = [];

  override prepare(connection: ProtocolConnection): void {
    if (this.name && !this.hasBeenParsed(connection)) {
      connection.parse({ text: this.text, name: this.name, ...(this.types ? { types: this.types } : {}) });
      connection.submittedNamedStatements[this.name] = this.text;
    }
    for (const command of this.prefixes) {
      connection.parse({ text: command, name: '' });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '' });
    }
    super.prepare(connection);
  }
}

/** Runs `commands` (no parameters, no rows wanted) and then `statement` in one round trip; the statement's result. */
export function queryAfter(client: pg.ClientBase, commands: readonly string[], statement: pg.QueryConfig): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    // Extended protocol whatever the parameters, so that the commands and the statement travel together.
    const query = new PrefixedQuery({ ...statement, queryMode: 'extended' } as pg.QueryConfig, undefined, (err, results) => {
      if (err) return reject(err);
      resolve(Array.isArray(results) ? results[results.length - 1]! : results);
    });
    query.prefixes = commands;
    (client as unknown as { query(q: unknown): void }).query(query);
  });
}
