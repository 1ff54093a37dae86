import type { SandboxBehaviour } from './store.ts';

/**
 * The operator's behaviour switch, one for every emulator (CONTRACT §5): whether this call about a company fails as
 * the register's own "unavailable" answer does: the company is set `unavailable`, or it has `failTimes` left (one is
 * taken by this call through `consumeFailure`). A register outage (`SandboxStore.isInOutage`) fails every call.
 */
export async function failsByBehaviour(behaviour: SandboxBehaviour | undefined, consumeFailure: () => Promise<boolean>): Promise<boolean> {
  if (!behaviour) return false;
  if (behaviour.unavailable) return true;
  return Boolean(behaviour.failTimes && (await consumeFailure()));
}
