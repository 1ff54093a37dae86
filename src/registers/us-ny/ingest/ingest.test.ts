import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../../test/support/db.ts';
import type { Db } from '../../../store/db.ts';
import { UsNyEntityRepository } from '../repositories/entities.ts';
import { SnapshotBusyError, UsNySnapshotRepository } from '../repositories/snapshots.ts';
import { csvText, driftedRows, generateEntities, nameRecords } from '../generator.ts';
import { SNAPSHOT_COLUMNS } from '../columns.ts';
import { packRow, unpackRow } from '../packed-row.ts';
import { ingestEntities, ingestFiles } from './ingest.ts';
import { readRecordBatches } from './read.ts';
import { SnapshotBuilder, readSnapshotBatches } from './snapshot.ts';

const NOW = () => new Date('2025-07-01T00:00:00Z');
const text = (s: string) => Readable.from([s]);

async function build(entities: string, format: 'csv' | 'json', names?: string) {
  return readSnapshotBatches(readRecordBatches(text(entities), format), names ? readRecordBatches(text(names), 'csv') : undefined);
}

describe('reading a snapshot: the real files’ drift', () => {
  it('reads the portal export’s CSV (display headers, US dates, spelled-out states) like the API’s JSON', async () => {
    const csv = [
      'DOS ID,Current Entity Name,Initial DOS Filing Date,County,Jurisdiction,Entity Type,DOS Process Name,DOS Process Address 1,DOS Process City,DOS Process State,DOS Process Zip,CEO Name',
      '4567890,"ACME WIDGETS, INC.",03/15/2012,kings,New York,domestic business corporation,THE CORPORATION,"1 MAIN ST, STE 2",BROOKLYN,NEW YORK,11201,JANE DOE',
    ].join('\r\n');
    const json = JSON.stringify([
      {
        dos_id: '4567890',
        current_entity_name: 'ACME WIDGETS, INC.',
        initial_dos_filing_date: '2012-03-15T00:00:00.000',
        county: 'KINGS',
        jurisdiction: 'NEW YORK',
        entity_type: 'DOMESTIC BUSINESS CORPORATION',
        dos_process_name: 'THE CORPORATION',
        dos_process_address_1: '1 MAIN ST, STE 2',
        dos_process_city: 'BROOKLYN',
        dos_process_state: 'NY',
        dos_process_zip: '11201',
        chairman_name: 'JANE DOE',
      },
    ]);
    const a = (await build(csv, 'csv')).get('4567890');
    const b = (await build(json, 'json')).get('4567890');
    assert.deepEqual(a, b);
    assert.equal(a?.row.dos_process_state, 'NY');
    assert.equal(a?.row.county, 'KINGS');
    assert.equal(a?.row.jurisdiction, 'NEW YORK');
    assert.equal(a?.row.initial_dos_filing_date, '2012-03-15');
    assert.equal(a?.row.dos_process_address_1, '1 MAIN ST, STE 2');
  });

  it('normalises every spelling of a state, and leaves out empty and omitted columns alike', async () => {
    const rows = ['NY', 'ny', 'N.Y.', 'NEW YORK', 'New York', ' new  york '].map((state, i) => ({
      dos_id: String(1000000 + i),
      current_entity_name: `CO ${i} LLC`,
      dos_process_state: state,
      location_city: '',
    }));
    const b = await build(JSON.stringify(rows), 'json');
    for (const e of b.entities()) {
      assert.equal(e.row.dos_process_state, 'NY');
      assert.equal('location_city' in e.row, false);
    }
  });

  it('keeps quoted commas, quotes and line breaks of CSV fields, and a BOM does not hide the first header', async () => {
    const csv = '\ufeffdos_id,current_entity_name,dos_process_address_1\n1234567,"THE ""BEST"" CO., LLC","12 ELM ST\nREAR"\n';
    const e = (await build(csv, 'csv')).get('1234567');
    assert.equal(e?.row.current_entity_name, 'THE "BEST" CO., LLC');
    assert.equal(e?.row.dos_process_address_1, '12 ELM ST REAR', 'line breaks inside values become spaces');
  });

  it('rejects rows without a numeric id or a name, and counts them', async () => {
    const b = await build(
      JSON.stringify([
        { dos_id: 'A12', current_entity_name: 'X' },
        { dos_id: '1234567' },
        { dos_id: '7654321', current_entity_name: 'OK LLC' },
      ]),
      'json',
    );
    assert.equal(b.size, 1);
    assert.equal(b.stats.rowsRead, 3);
    assert.equal(b.stats.invalidRows, 2);
    assert.equal(b.stats.samples.length, 2);
  });

  it('deduplicates a repeated dos_id: the fuller row wins, and on a tie the later one', async () => {
    const rows = [
      { dos_id: '1111111', current_entity_name: 'FULL LLC', county: 'KINGS', location_city: 'BROOKLYN' },
      { dos_id: '1111111', current_entity_name: 'PARTIAL LLC' },
      { dos_id: '2222222', current_entity_name: 'FIRST LLC', county: 'KINGS' },
      { dos_id: '2222222', current_entity_name: 'SECOND LLC', county: 'QUEENS' },
    ];
    const b = await build(JSON.stringify(rows), 'json');
    assert.equal(b.size, 2);
    assert.equal(b.stats.duplicateRows, 2);
    assert.equal(b.get('1111111')?.row.current_entity_name, 'FULL LLC');
    assert.equal(b.get('2222222')?.row.current_entity_name, 'SECOND LLC');
  });

  it('attaches the name history (former and assumed names), sorted and without repeats; orphans are counted', async () => {
    const names = [
      'corpid_num,film_num,date_filed,name_type,name_status,corp_name',
      '1111111,1,2015-01-01T00:00:00.000,ENTITY,A,NEW NAME LLC',
      '1111111,2,2010-01-01T00:00:00.000,ENTITY,I,OLD NAME LLC',
      '1111111,2,2010-01-01T00:00:00.000,ENTITY,I,OLD NAME LLC',
      '1111111,3,2016-05-05T00:00:00.000,Assumed Name,A,SHINY SHOES',
      '9999999,4,2016-05-05T00:00:00.000,ENTITY,A,NOT IN THE SNAPSHOT',
    ].join('\n');
    const b = await build(JSON.stringify([{ dos_id: '1111111', current_entity_name: 'NEW NAME LLC' }]), 'json', names);
    assert.deepEqual(b.get('1111111')?.names, [
      { corp_name: 'OLD NAME LLC', name_type: 'ENTITY', name_status: 'I', date_filed: '2010-01-01' },
      { corp_name: 'NEW NAME LLC', name_type: 'ENTITY', name_status: 'A', date_filed: '2015-01-01' },
      { corp_name: 'SHINY SHOES', name_type: 'ASSUMED', name_status: 'A', date_filed: '2016-05-05' },
    ]);
    assert.equal(b.stats.orphanNameRecords, 1);
  });

  it('reads generated files with their drift back to the generator’s canonical rows', async () => {
    const entities = [...generateEntities({ size: 400, seed: 'drift' })];
    for (const header of ['api', 'display'] as const) {
      const csv = csvText(driftedRows(entities, { seed: 'drift', header, keepEmpty: true, duplicateRate: 0.05 }));
      const names = csvText(nameRecords(entities, { header }));
      const b = await build(csv, 'csv', names);
      assert.equal(b.size, entities.length, header);
      assert.ok(b.stats.duplicateRows > 0, 'the file repeats some ids');
      for (const e of entities) assert.deepEqual(b.get(e.row.dos_id), e, `${header} ${e.row.dos_id}`);
    }
  });
});

describe('applying snapshots as diffs', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let entities: UsNyEntityRepository;
  let snapshots: UsNySnapshotRepository;
  before(async () => {
    ({ db, drop } = await openTestDb());
    entities = new UsNyEntityRepository(db);
    snapshots = new UsNySnapshotRepository(db);
  });
  after(() => drop());

  const gen = (generation: number) => [...generateEntities({ size: 1000, seed: 'diff', generation })];

  it('stores the first snapshot whole, as the initial one, without per-entity changes', async () => {
    const report = await ingestEntities({ db, now: NOW }, gen(0), 'g0');
    assert.equal(report.initial, true);
    assert.equal(report.added, 1000);
    assert.equal(await entities.countActive(), 1000);
    assert.deepEqual(await snapshots.changes(report.seq), []);
    const stored = await entities.get(gen(0)[10]!.row.dos_id);
    assert.deepEqual(unpackRow(stored!.row), gen(0)[10]!.row);
  });

  it('applies the next snapshot as added, changed and removed entities, with the changed fields', async () => {
    const before = new Map(gen(0).map((e) => [e.row.dos_id, e]));
    const next = gen(1);
    const after = new Map(next.map((e) => [e.row.dos_id, e]));
    const expectAdded = [...after.keys()].filter((id) => !before.has(id));
    const expectRemoved = [...before.keys()].filter((id) => !after.has(id));
    const expectChanged = [...after.keys()].filter(
      (id) => before.has(id) && JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id)),
    );
    assert.ok(
      expectAdded.length > 0 && expectRemoved.length > 0 && expectChanged.length > 0,
      'the generation changes something of each kind',
    );

    const report = await ingestEntities({ db, now: NOW }, next, 'g1');
    assert.equal(report.initial, false);
    assert.deepEqual([report.added, report.changed, report.removed], [expectAdded.length, expectChanged.length, expectRemoved.length]);
    assert.equal(report.unchanged, 1000 - expectChanged.length - expectRemoved.length);

    const changes = await snapshots.changes(report.seq, { first: 10_000 });
    const of = (kind: string) =>
      changes
        .filter((c) => c.change === kind)
        .map((c) => c.dosId)
        .sort();
    assert.deepEqual(of('added'), expectAdded.sort());
    assert.deepEqual(of('removed'), expectRemoved.sort());
    assert.deepEqual(of('changed'), expectChanged.sort());
    const one = changes.find((c) => c.change === 'changed')!;
    const b = before.get(one.dosId)!;
    const a = after.get(one.dosId)!;
    for (const f of one.fields!) {
      if (f.path === 'names') assert.deepEqual(f.after, a.names);
      else {
        assert.equal(f.before, (b.row as Record<string, string>)[f.path] ?? null);
        assert.equal(f.after, (a.row as Record<string, string>)[f.path] ?? null);
      }
    }
    const gone = await entities.get(expectRemoved[0]!);
    assert.ok(gone?.removedAt, 'a removed entity is kept, marked');
    assert.equal(await entities.countActive(), after.size);
  });

  it('applying the same snapshot again changes nothing; re-listing a removed entity adds it back', async () => {
    const same = await ingestEntities({ db, now: NOW }, gen(1), 'g1 again');
    assert.deepEqual([same.added, same.changed, same.removed], [0, 0, 0]);
    const back = await ingestEntities({ db, now: NOW }, gen(0), 'g0 again');
    assert.ok(back.added > 0 && back.removed > 0);
    const relisted = gen(0).find((e) => !gen(1).some((x) => x.row.dos_id === e.row.dos_id))!;
    assert.equal((await entities.get(relisted.row.dos_id))?.removedAt, null);
  });

  it('ingests a file end to end, and one ingestion runs at a time', async () => {
    const csv = csvText(driftedRows(gen(2), { seed: 'diff', keepEmpty: true }));
    const report = await ingestFiles({ db, now: NOW }, { entities: { input: text(csv), format: 'csv' }, source: 'g2.csv' });
    assert.equal(report.entities, gen(2).length);
    assert.equal((await snapshots.get(report.seq))?.status, 'done');
    const seq = await snapshots.begin('holder', NOW());
    await assert.rejects(ingestEntities({ db, now: NOW }, gen(2), 'blocked'), SnapshotBusyError);
    await snapshots.fail(seq, 'test', NOW());
  });
});

describe('the first snapshot, streamed into an empty store', () => {
  const stores: { db: Db; drop: () => Promise<void> }[] = [];
  before(async () => {
    stores.push(await openTestDb(), await openTestDb());
  });
  after(() => Promise.all(stores.map((s) => s.drop())));

  const everything = (db: Db) =>
    db.query<Record<string, string>>('select dos_id, row, names, alt_names, hash from us_ny_entities order by dos_id');

  it('stores what reading the whole file first stores, and the same snapshot applied next changes nothing', async () => {
    const entities = [...generateEntities({ size: 600, seed: 'stream' })];
    const [a, b] = [entities[5]!, entities[6]!];
    // Two repeats under another spelling of the id (leading zero): a partial one that loses, a full one that wins.
    const respelled = [
      { dos_id: `0${a.row.dos_id}`, current_entity_name: 'PARTIAL COPY LLC' },
      { ...b.row, dos_id: `0${b.row.dos_id}`, current_entity_name: 'RESPELLED WINNER LLC' },
    ];
    const csv = csvText(
      [...driftedRows(entities, { seed: 'stream', keepEmpty: true, duplicateRate: 0.05 }), ...respelled],
      SNAPSHOT_COLUMNS,
    );
    const names = csvText(
      nameRecords([
        ...entities,
        {
          row: { dos_id: '9999991', current_entity_name: 'GONE LLC' },
          names: [{ corp_name: 'GONE LLC', name_type: 'ENTITY', name_status: 'A' }],
        },
      ]),
    );
    const files = () => ({
      entities: { input: text(csv), format: 'csv' as const },
      names: { input: text(names), format: 'csv' as const },
      source: 'stream.csv',
    });

    const streamed = await ingestFiles({ db: stores[0]!.db, now: NOW }, files());
    const whole = await build(csv, 'csv', names);
    const loaded = await ingestEntities({ db: stores[1]!.db, now: NOW }, whole.entities(), 'whole');

    assert.equal(streamed.initial, true);
    assert.equal(streamed.entities, entities.length);
    assert.ok(streamed.read.duplicateRows > 2, 'the file repeats ids');
    assert.deepEqual(
      [streamed.read.rowsRead, streamed.read.duplicateRows, streamed.read.orphanNameRecords],
      [whole.stats.rowsRead, whole.stats.duplicateRows, whole.stats.orphanNameRecords],
    );
    assert.equal(streamed.read.orphanNameRecords, 1);
    assert.equal(loaded.entities, entities.length);
    assert.deepEqual(await everything(stores[0]!.db), await everything(stores[1]!.db));

    const repo = new UsNyEntityRepository(stores[0]!.db);
    assert.equal((await repo.get(a.row.dos_id))?.row, packRow(a.row), 'the fuller row stays');
    assert.equal(await repo.get(`0${a.row.dos_id}`), undefined);
    assert.equal(unpackRow((await repo.get(`0${b.row.dos_id}`))!.row).current_entity_name, 'RESPELLED WINNER LLC');
    assert.equal(await repo.get(b.row.dos_id), undefined, 'the replaced spelling is gone');

    const again = await ingestFiles({ db: stores[0]!.db, now: NOW }, files());
    assert.equal(again.initial, false);
    assert.deepEqual([again.added, again.changed, again.removed, again.unchanged], [0, 0, 0, entities.length]);
  });

  it('a file that fails half-way leaves the store empty and the snapshot failed', async () => {
    const { db, drop } = await openTestDb();
    try {
      const good = csvText(driftedRows(generateEntities({ size: 300, seed: 'half' }), { seed: 'half' }), SNAPSHOT_COLUMNS);
      const broken = Readable.from(
        (async function* () {
          yield good;
          throw new Error('connection reset while downloading');
        })(),
      );
      await assert.rejects(
        ingestFiles({ db, now: NOW }, { entities: { input: broken, format: 'csv' }, source: 'broken.csv' }),
        /connection reset/,
      );
      assert.equal(await new UsNyEntityRepository(db).countActive(), 0);
      assert.equal(await new UsNySnapshotRepository(db).latestDone(), undefined);
      const [last] = await db.query<{ status: string }>('select status from us_ny_snapshots order by seq desc limit 1');
      assert.equal(last?.status, 'failed');
    } finally {
      await drop();
    }
  });
});

describe('SnapshotBuilder', () => {
  it('puts canonical rows as given', () => {
    const b = new SnapshotBuilder();
    const [e] = [...generateEntities({ size: 1, seed: 'one' })];
    b.put(e!.row);
    assert.deepEqual(b.get(e!.row.dos_id)?.row, e!.row);
  });
});
