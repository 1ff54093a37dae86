import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GbChargeSchema, GbProfileSchema } from '../record.ts';
import { securedCreditorsOf } from './charges.ts';
import { statusOf } from './company.ts';

/** Items of `/company/{number}/charges` as the register answers them (fields it adds kept, as the record keeps them). */
const charges = [
  {
    etag: 'a1',
    charge_code: '065432100001',
    charge_number: 1,
    status: 'outstanding',
    created_on: '2014-07-01',
    delivered_on: '2014-07-09',
    classification: { type: 'charge-description', description: 'A registered charge' },
    particulars: { type: 'brief-description', contains_floating_charge: true },
    persons_entitled: [{ name: 'Northern Counties Bank PLC' }, { name: 'Pennine Invoice Finance Limited' }],
  },
  {
    charge_number: 2,
    status: 'part-satisfied',
    created_on: '2018-01-15',
    classification: { type: 'nature-of-charge', description: 'Debenture' },
    persons_entitled: [{ name: 'Lloyds Bank PLC' }],
  },
  {
    charge_number: 3,
    status: 'fully-satisfied',
    created_on: '2009-03-02',
    satisfied_on: '2013-05-01',
    classification: { type: 'nature-of-charge', description: 'Legal charge' },
    persons_entitled: [{ name: 'Old Bank PLC' }],
  },
].map((c) => GbChargeSchema.parse(c));

describe('GB charges', () => {
  it('persons entitled to open charges are secured creditors; satisfied charges are left out', () => {
    assert.deepEqual(securedCreditorsOf(charges), [
      {
        relation: 'securedCreditor',
        company: { legalName: 'Northern Counties Bank PLC' },
        effectiveDate: '2014-07-01',
        description: 'Charge 1: Outstanding (A registered charge) delivered 2014-07-09',
      },
      {
        relation: 'securedCreditor',
        company: { legalName: 'Pennine Invoice Finance Limited' },
        effectiveDate: '2014-07-01',
        description: 'Charge 1: Outstanding (A registered charge) delivered 2014-07-09',
      },
      {
        relation: 'securedCreditor',
        company: { legalName: 'Lloyds Bank PLC' },
        effectiveDate: '2018-01-15',
        description: 'Charge 2: Partially satisfied (Debenture)',
      },
    ]);
  });

  it('an active company’s open charges are counted in the status; a dissolved company’s are not', () => {
    const active = GbProfileSchema.parse({ company_name: 'X LIMITED', company_status: 'active', type: 'ltd', has_charges: true });
    assert.deepEqual(statusOf(active, { charges }).statusDetails, {
      status: 'ACTIVE',
      additionalInfo: "2 outstanding charges registered over the company's assets",
    });
    assert.deepEqual(statusOf(active, { charges: [charges[2]!] }).statusDetails, { status: 'ACTIVE' });
    const dissolved = GbProfileSchema.parse({ ...active, company_status: 'dissolved', date_of_cessation: '2020-01-01' });
    assert.equal(statusOf(dissolved, { charges }).statusDetails?.additionalInfo, undefined);
  });
});
