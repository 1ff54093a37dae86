import type { SandboxStore } from '../../src/sandbox/store.ts';

/**
 * A sandbox store with nothing stored: an emulator over it serves its seeded companies only; a register over it is
 * a second process that has only the store (the API tests run the real sandbox store).
 */
export const emptySandbox = {
  get: async () => undefined,
  list: async () => [],
  isInOutage: async () => false,
  consumeFailure: async () => false,
} as unknown as SandboxStore;
