import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GbPscSchema } from '../record.ts';
import { ownershipNotesOf } from './owners.ts';

/** Items of `/persons-with-significant-control` and its statements list, as the register answers them. */
const psc = (x: Record<string, unknown>) => GbPscSchema.parse(x);
const corporate = psc({
  kind: 'corporate-entity-person-with-significant-control',
  name: 'ALBION GROUP PLC',
  identification: { legal_form: 'Public limited company', registration_number: '445790', place_registered: 'Companies House' },
  natures_of_control: ['ownership-of-shares-75-to-100-percent'],
  notified_on: '2016-04-06',
});
const ceased = psc({
  kind: 'individual-person-with-significant-control',
  name: 'Mrs Susan Hargreaves',
  name_elements: { forename: 'Susan', surname: 'Hargreaves' },
  natures_of_control: ['ownership-of-shares-75-to-100-percent'],
  notified_on: '2016-04-06',
  ceased_on: '2021-08-03',
});

describe('GB ownership notes', () => {
  it('beneficial owners held through a legal entity say so, naming it and its number', () => {
    assert.deepEqual(ownershipNotesOf([corporate], 'ultimateBeneficialOwners'), [
      {
        name: 'Relevant legal entities',
        reason:
          'No individual is registered here: the company is controlled through ALBION GROUP PLC (GB 00445790), whose own ' +
          'beneficial owners are registered with them (the ownership graph follows them)',
      },
    ]);
    // The shareholders list names the entity itself: nothing to add.
    assert.deepEqual(ownershipNotesOf([corporate], 'shareholders'), []);
  });

  it('only ceased PSCs: says that every one ceased and when; no entry at all: says that', () => {
    assert.deepEqual(ownershipNotesOf([ceased], 'shareholders'), [
      {
        name: 'Ceased persons with significant control',
        date: '2021-08-03',
        reason: 'Every person with significant control registered for the company has ceased (the last on 2021-08-03); none is current',
      },
    ]);
    assert.deepEqual(ownershipNotesOf([], 'ultimateBeneficialOwners'), [
      { name: 'PSC register', reason: 'The register holds no person with significant control and no statement for this company' },
    ]);
  });

  it('a statement is reported in the register’s wording', () => {
    const statement = psc({
      kind: 'persons-with-significant-control-statement',
      statement: 'no-individual-or-entity-with-signficant-control',
      notified_on: '2016-06-30',
    });
    const [note] = ownershipNotesOf([statement], 'ultimateBeneficialOwners');
    assert.equal(note?.date, '2016-06-30');
    assert.match(note!.reason, /^The company knows or has reasonable cause to believe that there is no registrable person/);
  });
});
