import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CatalogueSchema, loadCatalogue } from './catalogue.ts';

const base = {
  countryCode: 'XX',
  register: 'XX register',
  blocks: [
    {
      sku: 'P',
      datapoints: ['company'],
      modes: { onboarding: 1, verification: 2 },
      authoritative: { onboarding: false, verification: true },
    },
  ],
  documents: [{ type: 'extract', category: 'tradeRegisterExtract', price: 3 }],
  monitoring: { available: true, price: 0 },
};

describe('price catalogues', () => {
  it('default the dedup window to 24 hours and read register-specific ones', () => {
    const cat = CatalogueSchema.parse({ ...base, documents: [{ ...base.documents[0], dedupWindow: '36159d' }] });
    assert.equal(cat.blocks[0]!.dedupWindow, 86_400_000);
    assert.equal(cat.documents[0]!.dedupWindow, 36_159 * 86_400_000);
  });

  it('refuse inconsistent data: unknown included documents, repeated skus or types, bad windows', () => {
    const bad = [
      { ...base, blocks: [{ ...base.blocks[0], includedDocuments: ['articles'] }] },
      { ...base, blocks: [base.blocks[0], { ...base.blocks[0], datapoints: ['shareholders'] }] },
      { ...base, documents: [base.documents[0], base.documents[0]] },
      { ...base, blocks: [{ ...base.blocks[0], dedupWindow: 'a while' }] },
    ];
    for (const cat of bad) assert.equal(CatalogueSchema.safeParse(cat).success, false, JSON.stringify(cat).slice(0, 200));
  });

  it('loads the TEST catalogue', () => {
    const cat = loadCatalogue(new URL('./testreg/catalogue.json', import.meta.url));
    assert.ok(cat.blocks.some((b) => b.includedDocuments.includes('tradeRegisterExtract')));
  });
});
