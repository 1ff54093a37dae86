import type { CallContext } from '../../src/registers/contract.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { SandboxRepository } from '../../src/sandbox/repository.ts';
import { Clock } from '../../src/shared/clock.ts';
import type { Db } from '../../src/store/db.ts';
import { openTestDb } from './db.ts';
import { TestRegister } from '../../src/registers/testreg/index.ts';

/** The TEST register's unit tests: one in-memory store per test file (creating one takes seconds) and a register on it. */
export interface Harness {
  db: Db;
  clock: Clock;
  sandbox: SandboxStore;
  register: TestRegister;
  close(): Promise<void>;
}

export const FIXED_NOW = new Date('2025-03-04T05:06:07.000Z');

export async function openHarness(): Promise<Harness> {
  const { db, drop } = await openTestDb();
  const clock = new Clock();
  const sandbox = new SandboxStore(new SandboxRepository(db), clock);
  const register = new TestRegister({ sandbox, latency: 'none', now: () => FIXED_NOW });
  return { db, clock, sandbox, register, close: drop };
}

export const ctx = (signal: AbortSignal = new AbortController().signal): CallContext => ({ mode: 'verification', signal });

/** Collects every batch a search yields. */
export async function searchAll(register: TestRegister, query: string) {
  const batches = [];
  for await (const b of register.search(query, ctx())) batches.push(b);
  return batches;
}

/** Asserts helper: the RegisterError code a promise rejects with. */
export async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}
