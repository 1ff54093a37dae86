import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { elfByCode } from '../../../enrichment/reference/legal-forms.ts';
import type { SnapshotEntity } from '../columns.ts';
import { liveRecordOf } from '../emulator/live-record.ts';
import { companyFromLive, companyFromSnapshot, partiesFromLive, partiesFromSnapshot } from './company.ts';
import { LEGAL_FORM_TABLE, mapLegalForm } from './legal-form.ts';
import { mergeCompany } from './merge.ts';
import { mapPeople } from './people.ts';
import { STATUS_TABLE, mapStatus } from './status.ts';

describe('status mapping (spec §3.3)', () => {
  // The specification's mapped word goes to additionalInfo; status and closureReason are standard values.
  const rows: [string, string | undefined, string, boolean, string | undefined][] = [
    ['ACTIVE', undefined, 'Active', true, undefined],
    ['INACTIVE', 'Dissolution by Proclamation', 'Dissolved', false, 'ADMINISTRATIVE_DISSOLUTION'],
    ['INACTIVE', 'Merged Out', 'Merged', false, 'MERGER'],
    ['INACTIVE', 'Voluntary Dissolution', 'Dissolved', false, 'VOLUNTARY_DISSOLUTION'],
    ['INACTIVE', 'Surrender of Authority', 'Withdrawn', false, 'OTHER'],
  ];
  it('covers every row of the specification’s table', () => assert.equal(STATUS_TABLE.length, rows.length));
  for (const [status, reason, mapped, active, closure] of rows) {
    it(`${status}${reason ? ` - ${reason}` : ''} → ${mapped}`, () => {
      for (const [s, r] of [
        [status, reason],
        [status.toLowerCase(), reason?.toUpperCase()],
        [status[0] + status.slice(1).toLowerCase(), reason?.toLowerCase()],
      ] as const) {
        const m = mapStatus(s, r, '2020-02-03T00:00:00');
        assert.equal(m.active, active);
        assert.equal(m.statusDetails?.status, active ? 'ACTIVE' : 'CLOSED');
        assert.equal(m.statusDetails?.additionalInfo, active ? undefined : mapped);
        assert.equal(m.statusDetails?.closureReason, closure);
        assert.equal(m.localName, reason ? `${status} - ${r}` : status);
        assert.equal(m.statusDetails?.closureDate, active ? undefined : '2020-02-03');
      }
    });
  }
  it('matches a reason the portal extends', () => {
    assert.equal(
      mapStatus('Inactive', 'Dissolution by Proclamation / Annulment of Authority').statusDetails?.closureReason,
      'ADMINISTRATIVE_DISSOLUTION',
    );
  });
  it('keeps unmapped inactive reasons closed for an unknown reason, with the source text', () => {
    const closed = { status: 'CLOSED', closureReason: 'UNKNOWN', additionalInfo: 'Inactive' };
    const m = mapStatus('Inactive', 'Dissolved by Court Order');
    assert.deepEqual(m, { localName: 'INACTIVE - Dissolved by Court Order', active: false, statusDetails: closed });
    assert.deepEqual(mapStatus('INACTIVE', ''), { localName: 'INACTIVE', active: false, statusDetails: closed });
  });
  it('degrades gracefully on statuses the table does not know', () => {
    assert.equal(mapStatus('Suspended', 'Tax Law').statusDetails?.status, 'INACTIVE_NOT_CLOSED');
    assert.equal(mapStatus('Suspended', 'Tax Law').statusDetails?.additionalInfo, 'Suspended');
    assert.equal(mapStatus('Suspended', 'Tax Law').active, false);
    assert.deepEqual(mapStatus('Pending', null), { localName: 'PENDING', active: false, statusDetails: { status: 'UNKNOWN' } });
  });
});

describe('legal form mapping (spec §3.4, ELF codes of the jurisdiction of formation)', () => {
  // [entity type, jurisdiction, standardised, ELF code, the ELF list's sub-division and name for that code]
  const rows: [string, string, string, string | undefined, string?, string?][] = [
    ['DOMESTIC BUSINESS CORPORATION', 'NEW YORK', 'Corporation', 'PJ10', 'US-NY', 'Business Corporation'],
    ['FOREIGN BUSINESS CORPORATION', 'DELAWARE', 'Corporation', 'XTIQ', 'US-DE', 'Corporation'],
    ['FOREIGN BUSINESS CORPORATION', 'TEXAS', 'Corporation', 'C5K7', 'US-TX', 'For-Profit Corporation'],
    ['DOMESTIC LIMITED LIABILITY COMPANY', 'NEW YORK', 'Limited Liability Company', 'SDX0', 'US-NY', 'Limited Liability Company'],
    ['FOREIGN LIMITED LIABILITY COMPANY', 'DELAWARE', 'Limited Liability Company', 'HZEH', 'US-DE', 'Limited Liability Company'],
    ['FOREIGN LIMITED LIABILITY COMPANY', 'TEXAS', 'Limited Liability Company', 'WYG5', 'US-TX', 'Limited Liability Company'],
    ['DOMESTIC LIMITED PARTNERSHIP', 'NEW YORK', 'Limited Partnership', 'BO6L', 'US-NY', 'Limited Partnership'],
    ['FOREIGN LIMITED PARTNERSHIP', 'TEXAS', 'Limited Partnership', 'FE1L', 'US-TX', 'Limited Partnership'],
    [
      'DOMESTIC LIMITED LIABILITY PARTNERSHIP',
      'NEW YORK',
      'Limited Liability Partnership',
      'XIZI',
      'US-NY',
      'Limited Liability Partnership',
    ],
    [
      'FOREIGN LIMITED LIABILITY PARTNERSHIP',
      'DELAWARE',
      'Limited Liability Partnership',
      '1HXP',
      'US-DE',
      'Limited Liability Partnership',
    ],
    ['DOMESTIC NOT-FOR-PROFIT CORPORATION', 'NEW YORK', 'Non-Profit Organization', '51RC', 'US-NY', 'Not-for-profit Corporation'],
    ['FOREIGN NOT-FOR-PROFIT CORPORATION', 'TEXAS', 'Non-Profit Organization', 'OGSS', 'US-TX', 'Nonprofit Corporation'],
    // New York's ELF rows have no professional corporation: no code (the spec's 9AAS is Texas's).
    ['DOMESTIC PROFESSIONAL CORPORATION', 'NEW YORK', 'Professional Corporation', undefined],
    ['FOREIGN PROFESSIONAL CORPORATION', 'TEXAS', 'Professional Corporation', '9AAS', 'US-TX', 'Professional Corporation'],
    // A jurisdiction outside the US has no code in the list.
    ['FOREIGN BUSINESS CORPORATION', 'UNITED KINGDOM', 'Corporation', undefined],
    ['domestic business corporation', 'New York', 'Corporation', 'PJ10', 'US-NY', 'Business Corporation'],
  ];
  for (const [type, jurisdiction, standardized, code, subdivision, elfName] of rows) {
    it(`${type} (${jurisdiction}) → ${standardized}, ${code ?? 'no code'}`, () => {
      const form = mapLegalForm(type, jurisdiction)!;
      assert.equal(form.localName, type);
      assert.equal(form.standardized, standardized);
      assert.equal(form.iso20275Code, code);
      if (code) {
        const elf = elfByCode(code);
        assert.ok(
          elf.some((e) => e.subdivisionCode === subdivision && e.localName.trim() === elfName),
          `${code} is ${elfName} of ${subdivision} in the ELF list`,
        );
      }
    });
  }
  it('covers every form of the specification’s list', () => {
    const spec = [
      'BUSINESS CORPORATION',
      'LIMITED LIABILITY COMPANY',
      'LIMITED PARTNERSHIP',
      'LIMITED LIABILITY PARTNERSHIP',
      'NOT-FOR-PROFIT CORPORATION',
      'PROFESSIONAL CORPORATION',
    ];
    for (const f of spec)
      assert.ok(
        LEGAL_FORM_TABLE.some((row) => row.entityTypes.includes(`DOMESTIC ${f}`) && !row.beyondSpecification),
        f,
      );
  });
  it('keeps an entity type it does not know as the local name only', () => {
    assert.deepEqual(mapLegalForm('DOMESTIC WIDGET ASSOCIATION', 'NEW YORK'), { localName: 'DOMESTIC WIDGET ASSOCIATION' });
  });
});

const entity: SnapshotEntity = {
  row: {
    dos_id: '4567890',
    current_entity_name: 'ACME WIDGETS, INC.',
    initial_dos_filing_date: '2012-03-15',
    county: 'KINGS',
    jurisdiction: 'NEW YORK',
    entity_type: 'DOMESTIC BUSINESS CORPORATION',
    dos_process_name: 'C/O C T CORPORATION SYSTEM',
    dos_process_address_1: '28 LIBERTY ST.',
    dos_process_city: 'NEW YORK',
    dos_process_state: 'NY',
    dos_process_zip: '10005',
    chairman_name: 'JANE Q. DOE',
    chairman_address_1: '1 MAIN ST',
    chairman_city: 'BROOKLYN',
    chairman_state: 'NY',
    chairman_zip: '11201',
    registered_agent_name: 'C T CORPORATION SYSTEM',
    registered_agent_address_1: '28 LIBERTY ST.',
    registered_agent_city: 'NEW YORK',
    registered_agent_state: 'NY',
    registered_agent_zip: '10005',
    location_name: 'ACME WIDGETS, INC.',
    location_address_1: '1 MAIN ST',
    location_city: 'BROOKLYN',
    location_state: 'NY',
    location_zip: '11201',
  },
  names: [
    { corp_name: 'ACME GADGETS INC.', name_type: 'ENTITY', name_status: 'I', date_filed: '2012-03-15' },
    { corp_name: 'ACME WIDGETS, INC.', name_type: 'ENTITY', name_status: 'A', date_filed: '2016-01-01' },
    { corp_name: 'WIDGET WORLD', name_type: 'ASSUMED', name_status: 'A', date_filed: '2017-01-01' },
    { corp_name: 'GADGET LAND', name_type: 'ASSUMED', name_status: 'I', date_filed: '2014-01-01' },
  ],
};

/** The entity `entity` is about, as the register names it. */
const own = { dosId: '4567890', legalName: 'ACME WIDGETS, INC.' };

describe('the three roles (spec §2.11)', () => {
  it('CEO of a corporation → legal representative, Chief Executive Officer; agents → other key persons, Other', () => {
    const { legalRepresentatives, otherKeyPersons } = mapPeople(own, entity.row.entity_type, partiesFromSnapshot(entity));
    assert.equal(legalRepresentatives.length, 1);
    assert.equal(legalRepresentatives[0]!.type, 'individual');
    assert.equal(legalRepresentatives[0]!.individual?.name?.fullName, 'JANE Q. DOE');
    assert.deepEqual(legalRepresentatives[0]!.role, {
      standardized: 'Chief Executive Officer',
      localName: 'CEO',
      englishTranslation: 'Chief Executive Officer',
    });
    assert.deepEqual(
      otherKeyPersons.map((p) => [p.role?.localName, p.role?.standardized, p.type]),
      [
        ['Registered Agent', 'Other', 'company'],
        ['SOP Agent', 'Other', 'company'],
      ],
    );
    assert.equal(otherKeyPersons[0]!.company?.legalAddress?.postalCode, '10005');
  });
  it('an entity that receives process itself ("THE CORPORATION", "THE LLC") is its own agent, not a firm of that name', () => {
    for (const name of ['THE CORPORATION', 'THE LLC', 'The Partnership', 'THE LIMITED LIABILITY COMPANY']) {
      const row = { ...entity.row, dos_process_name: name };
      const sop = mapPeople(own, row.entity_type, partiesFromSnapshot({ ...entity, row })).otherKeyPersons[1]!;
      assert.equal(sop.role?.localName, 'SOP Agent', name);
      assert.equal(sop.type, 'company', name);
      assert.equal(sop.company?.id, '4567890', name);
      assert.equal(sop.company?.countryCode, 'US-NY', name);
      assert.equal(sop.company?.legalName, 'ACME WIDGETS, INC.', name);
      assert.equal(sop.company?.legalAddress?.addressLine1, '28 LIBERTY ST.', name);
    }
    // A firm whose name merely starts with "THE" stays that firm.
    const row = { ...entity.row, dos_process_name: 'THE CORPORATION TRUST COMPANY' };
    const firm = mapPeople(own, row.entity_type, partiesFromSnapshot({ ...entity, row })).otherKeyPersons[1]!;
    assert.deepEqual([firm.company?.legalName, firm.company?.id], ['THE CORPORATION TRUST COMPANY', undefined]);
  });

  it('publishes no officers for LLCs, partnerships and not-for-profits: legal representatives are empty', () => {
    for (const type of ['DOMESTIC LIMITED LIABILITY COMPANY', 'DOMESTIC LIMITED PARTNERSHIP', 'DOMESTIC NOT-FOR-PROFIT CORPORATION']) {
      const people = mapPeople({ dosId: '1', legalName: 'ONE INC.' }, type, [
        { party: 'ceo', name: 'JOHN ROE' },
        { party: 'sopAgent', name: 'JOHN ROE, ESQ.' },
      ]);
      assert.deepEqual(people.legalRepresentatives, [], type);
      assert.equal(people.otherKeyPersons[0]?.type, 'individual');
    }
  });
});

describe('profiles', () => {
  it('onboarding: identifiers.dosId, legal form with its ISO code, legal address with city, region and country', () => {
    const c = companyFromSnapshot(entity);
    assert.deepEqual(c.identifiers, { dosId: '4567890' });
    assert.equal(c.legalForm?.iso20275Code, 'PJ10');
    assert.deepEqual(c.legalAddress, {
      addressLine1: '1 MAIN ST',
      city: 'BROOKLYN',
      postalCode: '11201',
      state: 'NY',
      region: 'NY',
      countryCode: 'US',
    });
    assert.deepEqual(c.legacyLegalNames, ['ACME GADGETS INC.']);
    assert.deepEqual(c.commercialNames, ['WIDGET WORLD']);
    assert.deepEqual(c.legacyCommercialNames, ['GADGET LAND']);
    assert.equal(c.status?.active, true);
    assert.deepEqual(c.usState, { jurisdictionOfFormation: 'NEW YORK', county: 'KINGS' });
  });

  it('gives one legal address in both modes: the location, else where process is served', () => {
    for (const located of [true, false]) {
      const { location_name, location_address_1, location_city, location_state, location_zip, ...unlocated } = entity.row;
      const row = located ? entity.row : unlocated;
      const onboarding = companyFromSnapshot({ ...entity, row }).legalAddress;
      const live = companyFromLive(liveRecordOf({ ...entity, row }));
      assert.equal(onboarding?.addressLine1, located ? '1 MAIN ST' : '28 LIBERTY ST.');
      assert.deepEqual(live.legalAddress, onboarding, located ? 'located' : 'no location');
      // The principal executive office (the portal's own) stays among the four addresses.
      assert.equal(live.usState?.addresses?.principalExecutiveOffice?.address?.addressLine1, '1 MAIN ST');
    }
  });

  it('verification: the portal’s details, live over the snapshot, the name history from the snapshot', () => {
    const live = liveRecordOf(entity);
    live.entityGeneralInfo = {
      ...live.entityGeneralInfo!,
      entityName: 'ACME WIDGETS INTERNATIONAL, INC.',
      entityStatus: 'Inactive',
      reasonForStatus: 'Merged Out',
      inactiveDate: '2024-05-06T00:00:00',
    };
    const fromLive = companyFromLive(live);
    assert.ok(fromLive.usState?.nextBiennialStatementDueDate);
    assert.ok(fromLive.usState?.addresses?.serviceOfProcess?.address?.city);
    const cached = { type: 'cached_from_registry' as const, register: 'snapshot' };
    const { company, fields } = mergeCompany(companyFromSnapshot(entity), fromLive, cached);
    assert.equal(company.legalName, 'ACME WIDGETS INTERNATIONAL, INC.');
    assert.deepEqual(company.status, {
      localName: 'INACTIVE - Merged Out',
      active: false,
      statusDetails: { status: 'CLOSED', closureReason: 'MERGER', closureDate: '2024-05-06', additionalInfo: 'Merged' },
    });
    assert.deepEqual(company.legacyLegalNames, ['ACME GADGETS INC.']);
    assert.equal(fields?.legacyLegalNames, cached);
    assert.equal(fields?.legalName, undefined, 'live fields carry the block’s own source');
    assert.equal(company.usState?.county, 'KINGS');
    const people = mapPeople(own, live.entityGeneralInfo.entityType ?? undefined, partiesFromLive(live));
    assert.equal(people.legalRepresentatives[0]?.individual?.name?.fullName, 'JANE Q. DOE');
  });
});
