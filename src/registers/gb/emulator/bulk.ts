import { constant } from '../enumerations.ts';
import type { RegisterCompany } from './directory.ts';

/**
 * The Basic Company Data product (registers/gb.md): one CSV row per live company, in the register's columns (its
 * header cells start with a space after the first, as the published file's do), up to 10 previous names.
 */
const PREVIOUS = 10;
export const BULK_HEADER = [
  'CompanyName',
  ' CompanyNumber',
  'RegAddress.AddressLine1',
  ' RegAddress.AddressLine2',
  'RegAddress.PostTown',
  'RegAddress.Country',
  'RegAddress.PostCode',
  'CompanyCategory',
  'CompanyStatus',
  'IncorporationDate',
  'SICCode.SicText_1',
  'SICCode.SicText_2',
  'SICCode.SicText_3',
  'SICCode.SicText_4',
  ...Array.from({ length: PREVIOUS }, (_, i) => [`PreviousName_${i + 1}.CONDATE`, ` PreviousName_${i + 1}.CompanyName`]).flat(),
];

const cell = (v: string | undefined) => (v === undefined ? '' : /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const ukDate = (d: string | undefined) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : undefined);

export function basicCompanyDataCsv(companies: readonly RegisterCompany[]): string {
  const lines = [BULK_HEADER.map(cell).join(',')];
  for (const c of companies) {
    const p = c.record.profile;
    if (p.company_status === 'dissolved' || p.company_status === 'converted-closed') continue;
    const a = p.registered_office_address;
    const sic = (p.sic_codes ?? []).map((s) => `${s} - ${constant('sic_descriptions', s) ?? ''}`);
    const previous = (p.previous_company_names ?? []).slice(0, PREVIOUS);
    lines.push(
      [
        p.company_name,
        c.number,
        [a?.premises, a?.address_line_1].filter(Boolean).join(' '),
        a?.address_line_2,
        a?.locality,
        a?.country,
        a?.postal_code,
        constant('company_type', p.type),
        constant('company_status', p.company_status),
        ukDate(p.date_of_creation),
        sic[0],
        sic[1],
        sic[2],
        sic[3],
        ...Array.from({ length: PREVIOUS }, (_, i) => [ukDate(previous[i]?.ceased_on), previous[i]?.name]).flat(),
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
