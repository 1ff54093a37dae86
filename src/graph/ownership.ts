/** An ownership link: `fromId` holds `percentage` of `toId`. */
export interface OwnershipLink {
  fromId: string;
  toId: string;
  percentage?: number;
}

/** How much of the root a node holds, in percent: directly (its own shares) and through other companies. */
export interface Holding {
  total: number;
  direct: number;
  indirect: number;
}

/** Beyond this many steps the remaining paths are left out (a dense web of cross-holdings); the totals are then lower bounds. */
const MAX_STEPS = 1_000_000;

/**
 * Each node's ownership of the root (README.md, "Ownership"): along a chain the percentages multiply
 * (80% of a company that holds 70% is 56%), across different paths they add (a shared parent holds through each
 * of its subsidiaries). Only simple paths count: a path never passes through the same company twice, so a cycle
 * of cross-holdings adds nothing beyond its first pass and the computation ends. A link without a percentage
 * counts as 0.
 */
export function ownershipOf(rootId: string, links: readonly OwnershipLink[]): Map<string, Holding> {
  const ownersOf = new Map<string, OwnershipLink[]>();
  for (const link of links) ownersOf.set(link.toId, [...(ownersOf.get(link.toId) ?? []), link]);
  const holdings = new Map<string, Holding>();
  const onPath = new Set<string>([rootId]);
  let steps = 0;

  const walk = (nodeId: string, share: number, direct: boolean) => {
    for (const link of ownersOf.get(nodeId) ?? []) {
      if (onPath.has(link.fromId) || ++steps > MAX_STEPS) continue;
      const held = (share * (link.percentage ?? 0)) / 100;
      if (held <= 0) continue;
      const h = holdings.get(link.fromId) ?? { total: 0, direct: 0, indirect: 0 };
      h.total += held;
      if (direct) h.direct += held;
      else h.indirect += held;
      holdings.set(link.fromId, h);
      onPath.add(link.fromId);
      walk(link.fromId, held, false);
      onPath.delete(link.fromId);
    }
  };
  walk(rootId, 100, true);
  for (const h of holdings.values()) {
    h.total = round(h.total);
    h.direct = round(h.direct);
    h.indirect = round(h.indirect);
  }
  return holdings;
}

/** Percentages are shown to four decimals: 0.8 × 0.7 × 60 is 33.6, not 33.599999999999994. */
export function round(pct: number): number {
  return Math.round(pct * 10_000) / 10_000;
}
