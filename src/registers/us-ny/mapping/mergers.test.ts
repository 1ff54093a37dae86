import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Company } from '../../../contract/index.ts';
import { derivedFilings, mergedOutRecord, mergerOf } from '../emulator/filings.ts';
import { generatedEntity } from '../generator.ts';
import { seededMergers } from '../sandbox-seed.ts';
import { companyFromLive } from './company.ts';
import { mergerRelationships, parseMergerTitle } from './mergers.ts';

const company = (id: string, legalName: string, extra: Partial<Company> = {}): Company => ({
  countryCode: 'US-NY',
  id,
  legalName,
  ...extra,
});
const merger = (amendmentDescription: string, extra: object = {}) => ({
  fileDate: '2019-06-14T00:00:00',
  documentType: 'CERTIFICATE OF MERGER',
  amendmentDescriptionFlag: true,
  amendmentDescription,
  ...extra,
});

describe('US-NY mergers from the filing history', () => {
  it('reads the statutory title: constituents (names with AND and commas in them), their DOS ids, the survivor', () => {
    assert.deepEqual(parseMergerTitle('MERGER OF SMITH AND SONS, INC. (DOS ID 1234567) AND JONES LLC INTO ACME HOLDINGS CORP.'), {
      constituents: [{ legalName: 'SMITH AND SONS, INC.', dosId: '1234567' }, { legalName: 'JONES LLC' }],
      survivor: { legalName: 'ACME HOLDINGS CORP.' },
    });
    assert.equal(parseMergerTitle('ENTITY NAME: ACME INC.'), undefined);
  });

  it('gives the survivor mergedFrom each constituent, dated and described as the register says', () => {
    const rels = mergerRelationships(
      [
        merger('MERGER OF BETA WIDGETS INC. (DOS ID 1234567) INTO ACME HOLDINGS CORP.'),
        { fileDate: '2015-01-01T00:00:00', documentType: 'BIENNIAL STATEMENT' },
      ],
      company('7000001', 'ACME HOLDINGS CORP.'),
    );
    assert.deepEqual(rels, [
      {
        relation: 'mergedFrom',
        company: { legalName: 'BETA WIDGETS INC.', id: '1234567', countryCode: 'US-NY' },
        effectiveDate: '2019-06-14',
        description: 'CERTIFICATE OF MERGER: MERGER OF BETA WIDGETS INC. (DOS ID 1234567) INTO ACME HOLDINGS CORP.',
      },
    ]);
  });

  it('recognises the survivor by a former name, prefers an effective date, and gives a constituent mergedInto', () => {
    const filing = merger('MERGER OF BETA WIDGETS INC INTO OLD ACME CORP', { effectiveDate: '2019-07-01T00:00:00' });
    const survivor = mergerRelationships([filing], company('7000001', 'ACME CORP', { legacyLegalNames: ['OLD ACME CORP'] }));
    assert.deepEqual(
      survivor.map((r) => [r.relation, r.company?.legalName, r.effectiveDate]),
      [['mergedFrom', 'BETA WIDGETS INC', '2019-07-01']],
    );
    const constituent = mergerRelationships(
      [filing],
      company('1234567', 'BETA WIDGETS, INC.', { status: { active: false, statusDetails: { status: 'CLOSED', closureReason: 'MERGER' } } }),
    );
    assert.deepEqual(
      constituent.map((r) => [r.relation, r.company?.legalName]),
      [['mergedInto', 'OLD ACME CORP']],
    );
  });

  it('keeps a merger whose filing names nobody, without a company; nothing for an entity merged out', () => {
    const bare = { fileDate: '2019-06-14T00:00:00', documentType: 'CERTIFICATE OF MERGER', amendmentDescriptionFlag: false };
    assert.deepEqual(mergerRelationships([bare], company('7000001', 'ACME CORP')), [
      { relation: 'mergedFrom', effectiveDate: '2019-06-14', description: 'CERTIFICATE OF MERGER' },
    ]);
    assert.deepEqual(
      mergerRelationships([bare], company('7000001', 'ACME CORP', { status: { statusDetails: { closureReason: 'MERGER' } } })),
      [],
    );
  });

  it('reads the emulator’s derived filings of a seeded merged company back to mergedFrom, and its constituent to mergedInto', () => {
    const [first] = seededMergers({ size: 2000, seed: 'registrum' });
    assert.ok(first, 'the seed has merged companies');
    const index = [...Array(2000).keys()].find(
      (i) => generatedEntity({ size: 2000, seed: 'registrum', index: i })?.row.dos_id === first.survivor.dosId,
    )!;
    const entity = generatedEntity({ size: 2000, seed: 'registrum', index })!;
    const m = mergerOf(entity, true)!;
    const rels = mergerRelationships(derivedFilings(entity, m), company(entity.row.dos_id, entity.row.current_entity_name));
    assert.deepEqual(
      rels.map((r) => [r.relation, r.company?.id, r.company?.legalName, r.effectiveDate]),
      [['mergedFrom', m.constituent.dosId, m.constituent.name, m.date]],
    );
    const absorbed = mergedOutRecord(entity, m);
    const profile = companyFromLive(absorbed.record);
    assert.equal(profile.status?.statusDetails?.closureReason, 'MERGER');
    assert.deepEqual(
      mergerRelationships(absorbed.filings, profile).map((r) => [r.relation, r.company?.legalName]),
      [['mergedInto', entity.row.current_entity_name]],
    );
  });
});
