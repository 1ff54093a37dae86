import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BULK_HEADER } from '../emulator/bulk.ts';
import { readBasicCompanyData } from './bulk-csv.ts';

const row = (cells: Record<number, string>) => Array.from({ length: BULK_HEADER.length }, (_, i) => cells[i] ?? '').join(',');
const header = BULK_HEADER.map((h) => (h.includes(' ') ? `"${h}"` : h)).join(',');
const csv = [
  header,
  row({ 0: '"SMITH, JONES & CO LIMITED"', 1: '01234567', 4: 'LONDON', 6: 'EC1A 1BB', 8: 'Active', 15: 'SMITH JONES LTD' }),
  row({ 0: '"THE ""QUOTED"" BAKERY\nLTD"', 1: 'sc12345', 4: 'EDINBURGH', 8: 'Liquidation' }),
  row({ 0: 'NO NUMBER LTD', 1: 'X-1' }),
  row({ 0: 'LAGAN FOODS LIMITED', 1: 'NI612345', 8: 'Active - Proposal to Strike off', 15: 'LAGAN FOOD LTD', 17: 'LAGAN FOODS (NI) LTD' }),
].join('\r\n');

/** The text in pieces of `size` bytes, so that records, quoted fields and UTF-8 sequences straddle them. */
async function* pieces(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('reading the Basic Company Data CSV as it arrives', () => {
  for (const size of [7, 64, 1 << 20]) {
    it(`reads quoted fields, doubled quotes, newlines in a name and CRLF, in chunks of ${size} bytes`, async () => {
      const stats = { rows: 0, invalid: 0 };
      const companies = [];
      for await (const batch of readBasicCompanyData(pieces(csv, size), stats)) companies.push(...batch);
      assert.deepEqual(stats, { rows: 4, invalid: 1 });
      assert.deepEqual(
        companies.map((c) => [c.number, c.name, c.status, c.postTown, c.previousNames]),
        [
          ['01234567', 'SMITH, JONES & CO LIMITED', 'active', 'LONDON', ['SMITH JONES LTD']],
          ['SC012345', 'THE "QUOTED" BAKERY\nLTD', 'liquidation', 'EDINBURGH', []],
          ['NI612345', 'LAGAN FOODS LIMITED', 'active', '', ['LAGAN FOOD LTD', 'LAGAN FOODS (NI) LTD']],
        ],
      );
      assert.equal(companies[0]!.postcode, 'EC1A 1BB');
    });
  }
});
