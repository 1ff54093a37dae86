import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GbOfficerSchema } from '../record.ts';
import { legalRepresentativesOf, otherKeyPersonsOf } from './people.ts';

/** Items of `/company/{number}/officers` as the register answers them. */
const officers = [
  {
    name: 'HOLLOWAY, Margaret Ellen',
    officer_role: 'director',
    appointed_on: '2004-06-01',
    date_of_birth: { month: 3, year: 1961 },
    links: { officer: { appointments: '/officers/abc123/appointments' } },
  },
  { name: 'PEMBERTON, Hugh', officer_role: 'director', appointed_on: '1998-02-02', resigned_on: '2019-05-31' },
  { name: 'SINGH, Priya', officer_role: 'secretary', appointed_on: '2015-03-01', resigned_on: '2020-01-31' },
  {
    name: 'ATLANTIC TRUSTEES S.A.',
    officer_role: 'corporate-managing-officer',
    appointed_on: '2023-02-01',
    identification: {
      identification_type: 'other-corporate-body-or-firm',
      registration_number: 'B 123456',
      country_registered: 'Luxembourg',
    },
    contact_details: { contact_name: 'Jean Muller' },
    responsibilities: 'Managing the entity’s UK property',
  },
  {
    name: 'ALBION SECRETARIES LIMITED',
    officer_role: 'corporate-director',
    appointed_on: '2000-04-18',
    identification: { identification_type: 'uk-limited-company', registration_number: '3977911', place_registered: 'Companies House' },
  },
].map((o) => GbOfficerSchema.parse(o));

describe('GB officers', () => {
  it('by default lists current office holders only', () => {
    assert.deepEqual(
      legalRepresentativesOf(officers).map((r) => r.individual?.name?.lastName ?? r.company?.legalName),
      ['HOLLOWAY', 'ATLANTIC TRUSTEES S.A.', 'ALBION SECRETARIES LIMITED'],
    );
    assert.deepEqual(otherKeyPersonsOf(officers), []);
  });

  it('with includeFormer keeps resigned officers, each with its endDate', () => {
    const reps = legalRepresentativesOf(officers, { includeFormer: true });
    assert.deepEqual(
      reps.map((r) => [r.individual?.name?.lastName ?? r.company?.legalName, r.startDate, r.endDate]),
      [
        ['HOLLOWAY', '2004-06-01', undefined],
        ['PEMBERTON', '1998-02-02', '2019-05-31'],
        ['ATLANTIC TRUSTEES S.A.', '2023-02-01', undefined],
        ['ALBION SECRETARIES LIMITED', '2000-04-18', undefined],
      ],
    );
    assert.deepEqual(
      otherKeyPersonsOf(officers, { includeFormer: true }).map((p) => [p.role?.standardized, p.endDate]),
      [['Secretary', '2020-01-31']],
    );
  });

  it('a corporate managing officer is represented by its named contact; a UK corporate director by no one', () => {
    const [, moc, corporate] = legalRepresentativesOf(officers);
    assert.equal(moc?.type, 'company');
    assert.deepEqual(moc?.representedBy, { name: { fullName: 'Jean Muller' } });
    assert.deepEqual(moc?.company?.countryCode, 'LU');
    assert.equal(corporate?.representedBy, undefined);
    assert.equal(corporate?.company?.id, '03977911');
  });
});
