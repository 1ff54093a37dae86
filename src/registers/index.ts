import type { SandboxLatency, SandboxStore } from '../sandbox/store.ts';
import type { Register } from './contract.ts';
import { TestRegister } from './test/index.ts';

export interface RegisterDeps {
  mode: 'sandbox' | 'live';
  sandbox: SandboxStore;
  latency: SandboxLatency;
  /** The service clock. */
  now: () => Date;
}

/**
 * Every register this build serves: the one place that lists them. Adding a country means adding its
 * folder and one line here.
 */
export function createRegisters(deps: RegisterDeps): Register[] {
  const registers: Register[] = [];
  if (deps.mode === 'sandbox') registers.push(new TestRegister({ sandbox: deps.sandbox, latency: deps.latency, now: deps.now }));
  return registers;
}
