import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { LegalRepresentative } from '../contract/index.ts';
import { ownerOf } from './nodes.ts';
import type { Holding } from './ownership.ts';

const percent = z.number().min(0).max(100);
const Thresholds = z.object({ default: percent, byCountry: z.record(z.string(), percent) });
export type UboThresholds = z.infer<typeof Thresholds>;

/** The UBO thresholds by country (ubo-thresholds.json), validated at load. */
export const UBO_THRESHOLDS: UboThresholds = Thresholds.parse(
  JSON.parse(readFileSync(new URL('./ubo-thresholds.json', import.meta.url), 'utf8')),
);

export function uboThresholdFor(countryCode: string, table: UboThresholds = UBO_THRESHOLDS): number {
  return table.byCountry[countryCode] ?? table.default;
}

/** `uboCalculationMethod` values. */
export type UboMethod = 'direct_shareholding' | 'indirect_shareholding' | 'senior_managing_official';

export interface UboFlags {
  isUbo: boolean;
  isUboProxy: boolean;
  uboCalculationMethod: UboMethod[];
}

/** The senior managing official reported when no individual qualifies. */
export interface UboProxy {
  nodeId: string;
  name?: string;
  birthDate?: { day?: number; month?: number; year?: number };
  role?: string;
}

export interface UboOutcome {
  threshold: number;
  /**
   * `identified`: individuals reach the threshold; `proxy`: none does, nor can (the graph is complete, or what is
   * left untraced is too small), so the senior managing official stands in; `undetermined`: none does yet, but the
   * ownership above companies not yet expanded could still make one; `none`: no one qualifies and the company
   * names no individual representative.
   */
  status: 'identified' | 'proxy' | 'undetermined' | 'none';
  flags: Map<string, UboFlags>;
  proxy?: UboProxy;
}

const EPSILON = 1e-9;

/**
 * UBO flags (README.md, "UBOs"): an individual whose total ownership of the requested company reaches the
 * threshold of its country is a UBO, by direct shareholding, indirect shareholding or both. When nobody reaches
 * it, and `untraced` (the ownership above companies a later request could expand) cannot change that, the
 * senior managing official (the first individual legal representative of the requested company, a chief
 * executive before the others) is the UBO proxy.
 */
export function uboOf(input: {
  countryCode: string;
  individuals: ReadonlyMap<string, Holding | undefined>;
  untraced: number;
  representatives: readonly LegalRepresentative[];
  thresholds?: UboThresholds;
}): UboOutcome {
  const threshold = uboThresholdFor(input.countryCode, input.thresholds);
  const flags = new Map<string, UboFlags>();
  let best = 0;
  for (const [nodeId, h] of input.individuals) {
    const total = h?.total ?? 0;
    best = Math.max(best, total);
    const isUbo = total + EPSILON >= threshold && total > 0;
    const methods: UboMethod[] = [];
    if (isUbo && (h?.direct ?? 0) > 0) methods.push('direct_shareholding');
    if (isUbo && (h?.indirect ?? 0) > 0) methods.push('indirect_shareholding');
    flags.set(nodeId, { isUbo, isUboProxy: false, uboCalculationMethod: methods });
  }
  if ([...flags.values()].some((f) => f.isUbo)) return { threshold, status: 'identified', flags };
  if (best + input.untraced + EPSILON >= threshold && input.untraced > 0) return { threshold, status: 'undetermined', flags };
  const official = seniorManagingOfficial(input.representatives);
  if (!official) return { threshold, status: 'none', flags };
  flags.set(official.nodeId, { isUbo: false, isUboProxy: true, uboCalculationMethod: ['senior_managing_official'] });
  return { threshold, status: 'proxy', flags, proxy: official };
}

function seniorManagingOfficial(reps: readonly LegalRepresentative[]): UboProxy | undefined {
  const people = reps.filter((r) => r.type === 'individual' && r.individual && !r.endDate);
  const chosen = people.find((r) => r.role?.standardized === 'Chief Executive Officer') ?? people[0];
  if (!chosen?.individual) return undefined;
  const owner = ownerOf(
    { type: 'individual', individual: chosen.individual, ...(chosen.entityId ? { entityId: chosen.entityId } : {}) },
    '',
  );
  if (owner.kind !== 'individual') return undefined;
  const role = chosen.role?.localName ?? chosen.role?.standardized;
  return {
    nodeId: owner.nodeId,
    ...(owner.name ? { name: owner.name } : {}),
    ...(owner.birthDate ? { birthDate: owner.birthDate } : {}),
    ...(role ? { role } : {}),
  };
}
