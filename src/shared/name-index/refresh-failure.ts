/** Where a register's background work reports what failed (the process's logger; RegisterStartContext's `log`). */
export interface FailureLog {
  error(fields: object, msg: string): void;
}

/**
 * A register's name index that could not be brought up to date (a look at the store, or a rebuild, failed): its
 * searches went on with the index as it was, and the next one tries again. To the log, with the number of failures
 * since the last report; without a log (a script, a test), as a process warning.
 */
export function reportIndexFailure(register: string, log: FailureLog | undefined, err: unknown, failures: number): void {
  const reason = err instanceof Error ? err.message : String(err);
  const msg = `the ${register} name index was not brought up to date; searches use it as it was`;
  if (log) log.error({ register, reason, failures }, msg);
  else process.emitWarning(`${msg} (${failures} time(s)): ${reason}`, 'NameIndexRefresh');
}
