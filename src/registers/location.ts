/**
 * Where a connector finds its register's server. Sandbox registers start their emulator on the first call (a
 * deployment that never asks a register starts none of its servers); live ones read the configured base URL.
 */

/** The base URL of an emulator, started once on the first call; later calls share its start. */
export function onFirstUse<T>(emulator: { start(): Promise<T> }): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= emulator.start());
}

/** A configured base URL without its trailing slashes: clients append paths that start with one. */
export function configuredBase(url: string): () => Promise<string> {
  const base = url.replace(/\/+$/, '');
  return async () => base;
}
