import type { Shareholder } from '../contract/index.ts';
import { companyNodeId, type CompanyRef } from './nodes.ts';
import { SpendingRoom, type RoomLeft } from './spending.ts';
import type { ExpandOutcome, ExpansionData, ExpansionSource, TraversalOptions } from './traversal.ts';
import { companyRef } from './nodes.ts';

/** Constructed groups for the graph's unit tests: companies of a register `T`, people by name. */
export const co = (id: string, pct?: number, countryCode = 'T'): Shareholder => ({
  type: 'company',
  company: { id, countryCode },
  ...(pct !== undefined ? { sharePercentage: pct } : {}),
});
export const person = (name: string, pct?: number): Shareholder => ({
  type: 'individual',
  entityId: name,
  individual: { name: { fullName: name } },
  ...(pct !== undefined ? { sharePercentage: pct } : {}),
});
export const T = (id: string) => companyNodeId('T', id);

/**
 * An expansion source over a constructed group: every company of register `T` costs `price`, except those
 * `deduplicated` (0); `unavailable` ones answer as a register outage; companies of other countries have no register.
 */
export class FakeSource implements ExpansionSource {
  readonly fetched: string[] = [];

  constructor(
    private readonly group: Record<string, Shareholder[]>,
    private readonly opts: { price?: number; deduplicated?: string[]; unavailable?: string[]; stored?: Record<string, number> } = {},
  ) {}

  stored(nodeId: string): { data: ExpansionData; cost: number } | undefined {
    const cost = this.opts.stored?.[nodeId];
    return cost === undefined ? undefined : { data: this.dataOf(nodeId), cost };
  }

  async price(ref: CompanyRef) {
    if (ref.countryCode !== 'T') return { deadEnd: 'no_register' as const };
    return { cost: this.costOf(ref.nodeId) };
  }

  async expand(ref: CompanyRef): Promise<ExpandOutcome> {
    this.fetched.push(ref.nodeId);
    if (this.opts.unavailable?.includes(ref.nodeId)) return { kind: 'unavailable', error: new Error(`${ref.nodeId} is unavailable`) };
    if (!this.group[ref.companyId]) return { kind: 'failed', error: new Error(`${ref.nodeId} not found`) };
    return { kind: 'expanded', data: this.dataOf(ref.nodeId), cost: this.costOf(ref.nodeId) };
  }

  private costOf(nodeId: string): number {
    return this.opts.deduplicated?.includes(nodeId) ? 0 : (this.opts.price ?? 80);
  }

  private dataOf(nodeId: string): ExpansionData {
    const id = nodeId.slice(2);
    return { legalName: `${id} Ltd`, shareholders: this.group[id] ?? [], source: 'T register' };
  }
}

export function options(rootId: string, extra: Partial<Omit<TraversalOptions, 'room'>> & { room?: RoomLeft } = {}): TraversalOptions {
  const { room, ...rest } = extra;
  return { root: companyRef('T', rootId), interactive: false, maxDepth: 10, ...rest, room: new SpendingRoom(room ?? {}) };
}
