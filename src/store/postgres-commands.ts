import { createRequire } from 'node:module';
import pg from 'pg';

/** What node-postgres's Query does with a connection; its own typings leave these out. */
interface ProtocolConnection {
  parse(msg: { text: string; name?: string; types?: unknown[] }): void;
  bind(msg: { portal?: string; statement?: string; values?: unknown[] }): void;
  describe(msg: { type: 'P' | 'S'; name?: string }): void;
  execute(msg: { portal?: string; rows?: number }): void;
  sync(): void;
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

/** A statement sent ahead of another in its message: its values already as the protocol sends them (`preparedValues`). */
export interface AheadStatement {
  text: string;
  /** Set only when the connection has parsed it already (`parsedOn`): its Parse is never in the message. */
  name?: string;
  values: unknown[];
}
interface QueryInternals {
  callback?: QueryCallback;
  _results: pg.QueryResult | pg.QueryResult[];
  handleCommandComplete(msg: unknown, connection: ProtocolConnection): void;
  handleError(err: Error, connection: ProtocolConnection): void;
  text: string;
  name?: string;
  types?: unknown[];
  portal: string;
  hasBeenParsed(connection: ProtocolConnection): boolean;
  prepare(connection: ProtocolConnection): void;
}
type QueryCallback = (err: Error | null, results: pg.QueryResult | pg.QueryResult[]) => void;
const QueryBase = pg.Query as unknown as new (config: pg.QueryConfig, values: undefined, callback: QueryCallback) => QueryInternals;

/**
 * A statement sent with the commands that must run just before it (a transaction's BEGIN, a SET of the session) and
 * just after it (the transaction's COMMIT) in one message: they are then not round trips of their own (a write to the
 * server, a wake-up of its backend, an answer to wait for) on every transaction of the request path.
 *
 * It is node-postgres's own extended-protocol query with each command bound and executed, unnamed, before or after the
 * statement, all before the one Sync: the server runs them in order and answers once; a failure skips the rest (a
 * COMMIT after a statement that failed does not run). The statement's Parse, when the connection has not parsed it
 * yet, goes first, so that a text that fails to parse stops the message before the commands run and the connection's
 * record of what it parsed stays true. Each command answers one result, in order, around the statement's.
 */
class CommandsAroundQuery extends QueryBase {
  before: readonly string[] = [];
  ahead: readonly AheadStatement[] = [];
  after: readonly string[] = [];
  /** Statements after the commands after (a COMMIT): they run once it has, in a transaction of their own. */
  following: readonly AheadStatement[] = [];
  /** Results completed so far: a failure after the commands after does not undo what came before it. */
  completed = 0;
  /** The failure of a statement in `following`, when everything before them succeeded. */
  followingFailure: Error | undefined;

  override prepare(connection: ProtocolConnection): void {
    if (this.name && !this.hasBeenParsed(connection)) {
      connection.parse({ text: this.text, name: this.name, ...(this.types ? { types: this.types } : {}) });
      connection.submittedNamedStatements[this.name] = this.text;
    }
    for (const command of this.before) sendCommand(connection, command);
    for (const statement of this.ahead) sendAhead(connection, statement);
    super.prepare(connection);
  }

  /** node-postgres's step that executes the statement and syncs: the commands after it go between the two. */
  _getRows(connection: ProtocolConnection): void {
    connection.execute({ portal: this.portal });
    for (const command of this.after) sendCommand(connection, command);
    for (const statement of this.following) sendAhead(connection, statement);
    connection.sync();
  }

  override handleCommandComplete(msg: unknown, connection: ProtocolConnection): void {
    this.completed++;
    super.handleCommandComplete(msg, connection);
  }

  /**
   * A failure among the statements that follow the commands after the statement (its transaction's COMMIT): the
   * statement and its commit stand, so the query answers them, and the failure is the following statements' alone.
   */
  override handleError(err: Error, connection: ProtocolConnection): void {
    const throughCommands = this.before.length + this.ahead.length + 1 + this.after.length;
    if (this.following.length > 0 && this.completed >= throughCommands && this.callback) {
      this.followingFailure = err;
      this.callback(null, this._results);
      return;
    }
    super.handleError(err, connection);
  }
}

function sendCommand(connection: ProtocolConnection, command: string): void {
  connection.parse({ text: command, name: '' });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '' });
}

/**
 * A statement with its parameters, ahead of the main one: its rows are described, so that they come back as a result
 * of their own. A named one is bound to what the connection parsed (no Parse in the message: a failed Parse of a named
 * statement other than the query's own would leave node-postgres believing it parsed); an unnamed one is parsed here.
 */
function sendAhead(connection: ProtocolConnection, statement: AheadStatement): void {
  if (!statement.name) connection.parse({ text: statement.text, name: '' });
  connection.bind({ portal: '', statement: statement.name ?? '', values: statement.values });
  connection.describe({ type: 'P', name: '' });
  connection.execute({ portal: '' });
}

/** Whether `client`'s connection has parsed the named statement (node-postgres records it on ParseComplete). */
export function parsedOn(client: pg.ClientBase, name: string): boolean {
  return (client as unknown as { connection: ProtocolConnection }).connection.parsedStatements[name] !== undefined;
}

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(v: unknown): unknown };

/**
 * Parameters as node-postgres binds them (dates, JSON, arrays as text). Done before the message is written: one that
 * cannot be converted fails the call, not the connection's message half-sent.
 */
export function preparedValues(values: readonly unknown[]): unknown[] {
  return values.map((v) => prepareValue(v));
}

/**
 * Runs `statement` with commands (no parameters, no rows wanted) before and after it, statements ahead of it (after
 * the commands before), and statements following the commands after it (a read after the transaction's COMMIT), all
 * in one round trip. Answers the statement's result, the results of the statements ahead of it, and the following
 * statements' results or their failure, which leaves the statement's result (and its commit) standing.
 */
export function queryAroundThen(
  client: pg.ClientBase,
  commands: {
    before: readonly string[];
    ahead?: readonly AheadStatement[];
    after: readonly string[];
    following: readonly AheadStatement[];
  },
  statement: pg.QueryConfig,
): Promise<{ result: pg.QueryResult; ahead: pg.QueryResult[]; following: pg.QueryResult[] | Error }> {
  const ahead = commands.ahead ?? [];
  const main = commands.before.length + ahead.length;
  const firstFollowing = main + 1 + commands.after.length;
  return new Promise((resolve, reject) => {
    // Extended protocol whatever the parameters, so that the commands and the statement travel together.
    const query = new CommandsAroundQuery({ ...statement, queryMode: 'extended' } as pg.QueryConfig, undefined, (err, results) => {
      if (err) return reject(err);
      const all = Array.isArray(results) ? results : [results];
      resolve({
        result: all[main]!,
        ahead: all.slice(commands.before.length, main),
        following: query.followingFailure ?? all.slice(firstFollowing, firstFollowing + commands.following.length),
      });
    });
    query.before = commands.before;
    query.ahead = ahead;
    query.following = commands.following;
    query.after = commands.after;
    (client as unknown as { query(q: unknown): void }).query(query);
  });
}
