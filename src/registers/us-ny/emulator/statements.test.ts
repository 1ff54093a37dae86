import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AS_OF, baseEntity } from '../generator/entity.ts';
import { derivedFilings } from './filings.ts';
import { liveRecordOf } from './live-record.ts';

describe('US-NY sandbox biennial statements: due dates, status and filings agree', () => {
  const size = 3000;
  const entities = Array.from({ length: size }, (_, i) => baseEntity('statements', i, size));

  it('PAST DUE only when the due date has passed, CURRENT only when it has not', () => {
    let pastDue = 0;
    for (const e of entities) {
      const g = liveRecordOf(e).entityGeneralInfo!;
      const due = (g.nextStatementDueDate ?? '').slice(0, 10);
      const what = `${e.row.dos_id} filed ${e.row.initial_dos_filing_date}: ${g.statementStatus} due ${due}`;
      if (g.statementStatus === 'PAST DUE') {
        pastDue++;
        assert.ok(due < AS_OF, what);
      } else assert.ok(due >= AS_OF, what);
      // The first statement falls due two years after the filing.
      assert.ok(due > (e.row.initial_dos_filing_date ?? ''), what);
    }
    assert.ok(pastDue > 0, 'some entities are past due');
  });

  it('no statement is filed after the register date, nor from a missed due date on', () => {
    for (const e of entities) {
      const g = liveRecordOf(e).entityGeneralInfo!;
      for (const f of derivedFilings(e)) {
        const date = (f.fileDate ?? '').slice(0, 10);
        assert.ok(date <= AS_OF, `${e.row.dos_id}: ${f.documentType ?? ''} on ${date}`);
        if (g.statementStatus === 'PAST DUE' && /BIENNIAL/.test(JSON.stringify(f)))
          assert.ok(
            date.slice(0, 7) < (g.nextStatementDueDate ?? '').slice(0, 7),
            `${e.row.dos_id}: statement ${date}, past due ${g.nextStatementDueDate}`,
          );
      }
    }
  });
});
