import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GbFilingSchema } from '../record.ts';
import { documentItemOf } from './documents.ts';

/** A filing-history item as the register answers it: accounts filed on paper (no iXBRL on offer). */
const accounts = GbFilingSchema.parse({
  transaction_id: 'MzA5NjQ1NjY0NWFkaXF6a2N4',
  category: 'accounts',
  type: 'AA',
  description: 'accounts-with-accounts-type-full',
  description_values: { made_up_date: '2023-03-31' },
  date: '2023-12-18',
  pages: 24,
  links: { document_metadata: 'https://document-api.company-information.service.gov.uk/document/abc' },
});

describe('GB document items', () => {
  it('accounts say the date they are made up to, from the filing itself', () => {
    const item = documentItemOf('05617255', accounts);
    assert.equal(item.name, 'Full accounts made up to 2023-03-31');
    assert.deepEqual(item.period, { endDate: { year: 2023, month: 3, day: 31 } });
    assert.equal(item.category, 'financialStatements');
  });

  it('other filings carry no period', () => {
    const cs = GbFilingSchema.parse({
      ...accounts,
      category: 'confirmation-statement',
      type: 'CS01',
      description: 'confirmation-statement-with-no-updates',
    });
    assert.equal(documentItemOf('05617255', cs).period, undefined);
  });
});
