import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CatalogueSchema } from '../registers/catalogue.ts';
import type { KnownEvent } from './dedup.ts';
import { quoteRequest, type QuoteInput } from './quote.ts';

const catalogue = CatalogueSchema.parse({
  countryCode: 'XX',
  register: 'XX register',
  blocks: [
    {
      sku: 'P',
      datapoints: ['company', 'companyProfile'],
      modes: { onboarding: 50, verification: 100 },
      authoritative: { onboarding: false, verification: true },
      includedDocuments: ['extract'],
    },
    {
      sku: 'R',
      datapoints: ['legalRepresentatives', 'otherKeyPersons'],
      modes: { onboarding: 30, verification: 60 },
      authoritative: { onboarding: false, verification: true },
    },
    {
      sku: 'O',
      datapoints: ['shareholders'],
      modes: { onboarding: 40, verification: 80 },
      authoritative: { onboarding: false, verification: true },
      dedupWindow: '1h',
    },
    {
      sku: 'L',
      datapoints: ['availableDocuments'],
      modes: { onboarding: 0, verification: 0 },
      authoritative: { onboarding: false, verification: true },
    },
  ],
  documents: [
    { type: 'extract', category: 'tradeRegisterExtract', price: 200 },
    { type: 'accounts', category: 'financialStatements', price: 250, dedupWindow: '36159d' },
  ],
  monitoring: { available: false, price: 0 },
});

const NOW = Date.UTC(2025, 0, 10);
const quote = (over: Partial<QuoteInput>) =>
  quoteRequest({ catalogue, mode: 'onboarding', dataPoints: [], documents: [], budgets: {}, requestTimeMs: NOW, prior: [], ...over });
const charged = (unitKey: string, agoMs: number, id = `bev_${unitKey}`): KnownEvent => ({
  id,
  unitKey,
  status: 'charged',
  linkedEventId: null,
  basisMs: NOW - agoMs,
});

describe('quoteRequest', () => {
  it('prices each block once, in the request mode, and leaves free blocks out', () => {
    const q = quote({
      mode: 'verification',
      dataPoints: ['company', 'companyProfile', 'legalRepresentatives', 'otherKeyPersons', 'availableDocuments'],
    });
    assert.deepEqual(
      q.units.map((u) => [u.sku, u.reserved, u.dataPoints]),
      [
        ['P', 100, ['company', 'companyProfile']],
        ['R', 60, ['legalRepresentatives', 'otherKeyPersons']],
      ],
    );
    assert.equal(q.total, 160);
  });

  it('expects a block charged within its window to be deduplicated, and only within it', () => {
    const q = quote({ dataPoints: ['company', 'shareholders'], prior: [charged('P', 23 * 3_600_000), charged('O', 3_600_000)] });
    assert.deepEqual(
      q.units.map((u) => [u.sku, u.expect, u.reserved]),
      [
        ['P', 'deduplicated', 0],
        ['O', 'charge', 40],
      ],
    );
    const older = quote({ dataPoints: ['company'], prior: [charged('P', 24 * 3_600_000)] });
    assert.equal(older.units[0]!.expect, 'charge');
    const dedupOnly = quote({ dataPoints: ['company'], prior: [{ ...charged('P', 1000), status: 'deduplicated', linkedEventId: 'x' }] });
    assert.equal(dedupOnly.units[0]!.expect, 'charge', 'only a charge deduplicates');
  });

  it('expects a document to be included with a block of the request or charged for the company earlier', () => {
    const withBlock = quote({ dataPoints: ['company'], documents: [{ documentId: 'D1', type: 'extract' }] });
    assert.deepEqual(
      withBlock.units.map((u) => [u.unitKey, u.expect, u.reserved]),
      [
        ['P', 'charge', 50],
        ['document:D1', 'included', 0],
      ],
    );
    const earlier = quote({ documents: [{ documentId: 'D1', type: 'extract' }], prior: [charged('P', 3_600_000)] });
    assert.equal(earlier.units[0]!.expect, 'included');
    const alone = quote({
      documents: [
        { documentId: 'D1', type: 'extract' },
        { documentId: 'D2', type: 'accounts' },
      ],
    });
    assert.deepEqual(
      alone.units.map((u) => u.reserved),
      [200, 250],
    );
    const bought = quote({ documents: [{ documentId: 'D2', type: 'accounts' }], prior: [charged('document:D2', 50 * 365 * 86_400_000)] });
    assert.equal(bought.units[0]!.expect, 'deduplicated', 'a document window from the catalogue (99 years)');
  });

  it('applies maxBudget in priority order, blocks before documents, and reports what was refused', () => {
    const q = quote({
      dataPoints: ['shareholders', 'legalRepresentatives', 'company'],
      documents: [{ documentId: 'D2', type: 'accounts' }],
      budgets: { maxBudget: 90 },
    });
    assert.deepEqual(
      q.units.map((u) => u.sku),
      ['P', 'R'],
    );
    assert.deepEqual(
      q.refused.map((r) => [r.unitKey, r.cost, r.cap]),
      [
        ['O', 40, 'maxBudget'],
        ['document:D2', 250, 'maxBudget'],
      ],
    );
    assert.equal(q.total, 80);
  });

  it('does not include a document with a block the budget refused', () => {
    const q = quote({ dataPoints: ['company'], documents: [{ documentId: 'D1', type: 'extract' }], budgets: { profileMaxBudget: 10 } });
    assert.deepEqual(
      q.refused.map((r) => [r.sku, r.cap]),
      [['P', 'profileMaxBudget']],
    );
    assert.deepEqual(
      q.units.map((u) => [u.unitKey, u.expect, u.reserved]),
      [['document:D1', 'charge', 200]],
    );
  });
});
