import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DOS_ID_PATTERN } from './ids.ts';
import { generateEntities, generatedEntity } from './generator.ts';
import { mapLegalForm } from './mapping/legal-form.ts';
import { normaliseName as key } from '../../shared/name-index/tokens.ts';

const all = (opts: Parameters<typeof generateEntities>[0]) => [...generateEntities(opts)];

describe('the synthetic snapshot generator', () => {
  it('is deterministic by seed: same seed, same snapshot; another seed, another one', () => {
    assert.deepEqual(all({ size: 300, seed: 'a' }), all({ size: 300, seed: 'a' }));
    assert.notDeepEqual(all({ size: 300, seed: 'a' }), all({ size: 300, seed: 'b' }));
    assert.deepEqual(generatedEntity({ size: 300, seed: 'a', index: 123 }), all({ size: 300, seed: 'a' })[123]);
  });

  it('gives unique 6-to-8-digit ids that grow with the filing date', () => {
    const es = all({ size: 2000, seed: 'ids' });
    const ids = es.map((e) => e.row.dos_id);
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(ids.every((id) => DOS_ID_PATTERN.test(id)));
    const dates = es.map((e) => e.row.initial_dos_filing_date!);
    assert.deepEqual([...dates].sort(), dates, 'filing dates follow the ids');
  });

  it('gives no two entities one name, as the Department of State refuses one it holds already, in every generation', () => {
    const repeated = (es: ReturnType<typeof all>) => {
      const names = es.map((e) => key(e.row.current_entity_name));
      return names.filter((n, i) => names.indexOf(n) !== i);
    };
    // Drawn alone, about 2 in 100 of 20,000 names repeat an earlier one (not-for-profits' themes are few).
    const drawn = Array.from({ length: 20_000 }, (_, index) => generatedEntity({ size: 20_000, seed: 'names', index })!);
    assert.ok(new Set(drawn.map((e) => key(e.row.current_entity_name))).size < 19_900, 'the draws alone repeat names');
    const g0 = all({ size: 20_000, seed: 'names' });
    assert.deepEqual(repeated(g0), []);
    assert.deepEqual(repeated(all({ size: 20_000, seed: 'names', generation: 3 })), []);
    // An entity was drawn again only when an entity before it held its own draw; every other one is its own draw.
    const held = new Set<string>();
    let redrawn = 0;
    g0.forEach((e, i) => {
      const own = key(drawn[i]!.row.current_entity_name);
      if (e.row.current_entity_name !== drawn[i]!.row.current_entity_name) {
        redrawn++;
        assert.ok(held.has(own), `${e.row.dos_id} was drawn again though ${own} was free`);
      }
      held.add(key(e.row.current_entity_name));
    });
    assert.ok(redrawn > 100, `${redrawn} drawn again`);
  });

  it('looks like the register: entity types, foreign jurisdictions, CEOs only for corporations, name history', () => {
    const es = all({ size: 5000, seed: 'mix' });
    const share = (p: (e: (typeof es)[number]) => boolean) => es.filter(p).length / es.length;
    assert.ok(share((e) => e.row.entity_type === 'DOMESTIC BUSINESS CORPORATION') > 0.3);
    assert.ok(share((e) => e.row.entity_type === 'DOMESTIC LIMITED LIABILITY COMPANY') > 0.3);
    assert.ok(share((e) => e.row.entity_type!.startsWith('FOREIGN')) > 0.1);
    assert.ok(es.filter((e) => e.row.entity_type!.startsWith('FOREIGN')).every((e) => e.row.jurisdiction !== 'NEW YORK'));
    assert.ok(
      es
        .filter((e) => e.row.chairman_name)
        .every((e) => /CORPORATION$/.test(e.row.entity_type!) && !/NOT-FOR-PROFIT/.test(e.row.entity_type!)),
    );
    assert.ok(share((e) => e.names.some((n) => n.name_type === 'ENTITY' && n.name_status !== 'A')) > 0.04, 'former names');
    assert.ok(share((e) => e.names.some((n) => n.name_type === 'ASSUMED')) > 0.02, 'assumed names');
    assert.ok(share((e) => Boolean(e.row.registered_agent_name)) > 0.03);
    assert.ok(share((e) => Boolean(e.row.location_city)) > 0.2);
    // Every generated entity type is one the legal-form table knows.
    assert.ok(es.every((e) => mapLegalForm(e.row.entity_type, e.row.jurisdiction)?.standardized));
  });

  it('ages a snapshot by generations: about 1% removed, 2% changed, 1.5% added', () => {
    const g0 = new Map(all({ size: 5000, seed: 'gen' }).map((e) => [e.row.dos_id, JSON.stringify(e)]));
    const g1 = new Map(all({ size: 5000, seed: 'gen', generation: 1 }).map((e) => [e.row.dos_id, JSON.stringify(e)]));
    const removed = [...g0.keys()].filter((id) => !g1.has(id)).length;
    const added = [...g1.keys()].filter((id) => !g0.has(id)).length;
    const changed = [...g1.keys()].filter((id) => g0.has(id) && g0.get(id) !== g1.get(id)).length;
    assert.ok(removed > 20 && removed < 90, `removed ${removed}`);
    assert.ok(changed > 60 && changed < 150, `changed ${changed}`);
    assert.equal(added, 75);
    // Generation 2 builds on generation 1.
    const g2 = all({ size: 5000, seed: 'gen', generation: 2 });
    assert.ok(
      g2.every((e) => g1.has(e.row.dos_id) || !g0.has(e.row.dos_id)),
      'nothing removed comes back',
    );
  });

  it('moves a renamed entity’s old name to its history', () => {
    const g0 = new Map(all({ size: 5000, seed: 'gen' }).map((e) => [e.row.dos_id, e]));
    const renamed = all({ size: 5000, seed: 'gen', generation: 1 }).filter(
      (e) => g0.has(e.row.dos_id) && g0.get(e.row.dos_id)!.row.current_entity_name !== e.row.current_entity_name,
    );
    assert.ok(renamed.length > 0);
    for (const e of renamed) {
      const old = g0.get(e.row.dos_id)!.row.current_entity_name;
      assert.ok(e.names.some((n) => n.corp_name === old && n.name_type === 'ENTITY' && n.name_status !== 'A'));
      assert.ok(e.names.some((n) => n.corp_name === e.row.current_entity_name && n.name_status === 'A'));
    }
  });
});
