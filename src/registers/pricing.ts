import type { z } from 'zod';
import { DATA_POINTS, type DataPoint, type Pricing } from '../contract/index.ts';
import type { Catalogue } from './catalogue.ts';

/** The public view of a catalogue (CONTRACT §3, Pricing). */
export function pricingOf(catalogue: Catalogue) {
  const datapoints: Record<string, z.infer<typeof Pricing>['datapoints'][string]> = {};
  for (const dp of DATA_POINTS) {
    const block = catalogue.blocks.find((b) => b.datapoints.includes(dp as DataPoint));
    const modes = block?.modes ?? { onboarding: null, verification: null };
    // The flat price alone would not say which mode it is for (onboarding is often cheaper): name it, and give both.
    const offered = (['onboarding', 'verification'] as const).filter((m) => modes[m] !== null);
    const cheapest = offered.reduce<(typeof offered)[number] | null>(
      (best, m) => (best === null || modes[m]! < modes[best]! ? m : best),
      null,
    );
    datapoints[dp] = {
      available: offered.length > 0,
      price: cheapest ? modes[cheapest] : null,
      pricingMode: block?.pricingMode ?? 'fixed',
      mode: cheapest,
      modes: { onboarding: modes.onboarding, verification: modes.verification },
      sku: block?.sku ?? null,
    };
  }
  // The incumbent's shape beside ours: one top-level entry per data point, priced in verification mode (its
  // default), or in onboarding where only onboarding offers it; 0 when the register does not offer it.
  const incumbentFlat = Object.fromEntries(
    DATA_POINTS.map((dp) => {
      const d = datapoints[dp]!;
      return [dp, { available: d.available, price: d.modes.verification ?? d.modes.onboarding ?? 0, pricingMode: d.pricingMode }];
    }),
  ) as Record<DataPoint, { available: boolean; price: number; pricingMode: 'fixed' | 'variable' }>;
  return {
    ...incumbentFlat,
    countryCode: catalogue.countryCode,
    currency: 'credit_cents' as const,
    blocks: catalogue.blocks.map((b) => ({
      sku: b.sku,
      datapoints: b.datapoints,
      modes: b.modes,
      authoritative: b.authoritative,
      includedDocuments: b.includedDocuments,
      pricingMode: b.pricingMode,
      dedupWindowMs: b.dedupWindow,
    })),
    documents: catalogue.documents.map((d) => ({
      type: d.type,
      category: d.category,
      price: d.price,
      pricingMode: d.pricingMode,
      dedupWindowMs: d.dedupWindow,
    })),
    datapoints,
    monitoring: catalogue.monitoring,
    agenticEnrichment: catalogue.agenticEnrichment
      ? { available: true, sku: catalogue.agenticEnrichment.sku, price: catalogue.agenticEnrichment.price }
      : { available: false, price: null },
  };
}
