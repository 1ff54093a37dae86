import { DATA_POINTS, type DataPoint } from '../contract/index.ts';
import type { Catalogue } from './catalogue.ts';

/** The public view of a catalogue (CONTRACT §3, Pricing). */
export function pricingOf(catalogue: Catalogue) {
  const datapoints: Record<string, { available: boolean; price: number | null; pricingMode: 'fixed' | 'variable' }> = {};
  for (const dp of DATA_POINTS) {
    const block = catalogue.blocks.find((b) => b.datapoints.includes(dp as DataPoint));
    const prices = block ? [block.modes.onboarding, block.modes.verification].filter((p): p is number => p !== null) : [];
    datapoints[dp] = {
      available: prices.length > 0,
      price: prices.length ? Math.min(...prices) : null,
      pricingMode: block?.pricingMode ?? 'fixed',
    };
  }
  return {
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
