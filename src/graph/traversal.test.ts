import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleGraph } from './assemble.ts';
import { co, FakeSource, options, person, T } from './test-helpers.ts';
import { traverse } from './traversal.ts';

const CHAIN = { R: [co('A', 80), person('P', 20)], A: [co('B', 70), person('Q', 30)], B: [person('C', 60), person('D', 40)] };
const graphOf = async (source: FakeSource, opts: Parameters<typeof options>[1] = {}, rootId = 'R') =>
  assembleGraph(await traverse(source, options(rootId, opts)), { representatives: [], interactive: opts.interactive ?? false });
const node = (g: Awaited<ReturnType<typeof graphOf>>, id: string) => g.nodes.find((n) => n.nodeId === id);

test('a shared parent is one node and a cycle ends: every company is fetched once', async () => {
  const group = {
    R: [co('A', 45), co('B', 45), co('S', 10)],
    A: [co('S', 100)],
    B: [co('S', 60), person('Q', 40)],
    S: [person('Y', 90), co('R', 10)],
  };
  const source = new FakeSource(group);
  const g = await graphOf(source);
  assert.deepEqual(source.fetched, [T('R'), T('A'), T('B'), T('S')]);
  assert.deepEqual(g.nodes.map((n) => n.nodeId).sort(), [T('A'), T('B'), T('R'), T('S'), 'person:Q', 'person:Y']);
  assert.equal(g.edges.length, 8, 'S holds in three companies, R holds back in S: one edge per holding');
  // S holds 10% directly, 45% through A and 27% through B: 82%; Y 90% of that.
  assert.equal(node(g, T('S'))?.totalOwnershipPercentage, 82);
  assert.equal(node(g, 'person:Y')?.totalOwnershipPercentage, 73.8);
  assert.deepEqual(node(g, 'person:Y')?.flags?.uboCalculationMethod, ['indirect_shareholding']);
  assert.equal(g.metadata?.companiesFetched, 4);
  assert.equal(g.metadata?.amountSpent, 320);
  assert.equal(g.metadata?.stoppedReason, 'complete');
});

test('graphMaxBudget stops expansion; the companies left carry a continuation; a later request resumes from them', async () => {
  const first = await graphOf(new FakeSource(CHAIN), { room: { graphMaxBudget: 100 } });
  assert.equal(first.metadata?.amountSpent, 80);
  assert.equal(first.metadata?.stoppedReason, 'graph_budget');
  assert.deepEqual(node(first, T('A'))?.continuation, { estimatedCost: 80, depth: 1, accumulatedOwnership: 80 });
  assert.equal(node(first, T('R'))?.continuation, undefined);
  assert.equal(
    first.nodes.some((n) => n.flags?.isUbo),
    false,
    'P holds 20%; 80% lies above A',
  );
  assert.match(first.description!, /graphMaxBudget/);
  assert.match(first.description!, /graphContinueFromNodeIds T:A/);

  // The next request: R was paid within the window (0), A is listed, B above it is paid too while the budget lasts.
  const source = new FakeSource(CHAIN, { deduplicated: [T('R')] });
  const second = await graphOf(source, { room: { graphMaxBudget: 100 }, continueFrom: new Set([T('A')]) });
  assert.deepEqual(source.fetched, [T('R'), T('A')]);
  assert.equal(second.metadata?.amountSpent, 80);
  assert.deepEqual(node(second, T('B'))?.continuation, { estimatedCost: 80, depth: 2, accumulatedOwnership: 56 });

  const third = await graphOf(new FakeSource(CHAIN, { deduplicated: [T('R'), T('A')] }), { continueFrom: new Set([T('B')]) });
  assert.equal(third.metadata?.amountSpent, 80);
  assert.equal(third.metadata?.stoppedReason, 'complete');
  assert.deepEqual(node(third, 'person:C')?.flags, {
    isRoot: false,
    isUbo: true,
    isUboProxy: false,
    uboCalculationMethod: ['indirect_shareholding'],
  });
  assert.equal(node(third, 'person:C')?.totalOwnershipPercentage, 33.6);
});

test('a company whose expansion would be deduplicated costs 0: estimatedCost 0, and it always fits the budget', async () => {
  const source = new FakeSource(CHAIN, { deduplicated: [T('A')] });
  const g = await graphOf(source, { room: { graphMaxBudget: 80 } });
  assert.deepEqual(source.fetched, [T('R'), T('A')]);
  assert.deepEqual(node(g, T('B'))?.continuation, { estimatedCost: 80, depth: 2, accumulatedOwnership: 56 });
  const interactive = await graphOf(new FakeSource(CHAIN, { deduplicated: [T('A')] }), { interactive: true });
  assert.deepEqual(node(interactive, T('A'))?.continuation, { estimatedCost: 0, depth: 1, accumulatedOwnership: 80 });
});

test('maxBudget and the balance stop it too, with their own reasons; the tightest wins', async () => {
  assert.equal((await graphOf(new FakeSource(CHAIN), { room: { maxBudget: 100 } })).metadata?.stoppedReason, 'max_budget');
  assert.equal((await graphOf(new FakeSource(CHAIN), { room: { balance: 150 } })).metadata?.stoppedReason, 'insufficient_funds');
  const root = await graphOf(new FakeSource(CHAIN), { room: { graphMaxBudget: 50 } });
  assert.deepEqual(
    root.nodes.map((n) => n.nodeId),
    [T('R')],
    'not even the requested company fits',
  );
  assert.deepEqual(root.nodes[0]?.continuation, { estimatedCost: 80, depth: 0, accumulatedOwnership: 0 });
});

test('interactive stops after one level; continuing interactively expands only the listed nodes', async () => {
  const source = new FakeSource(CHAIN);
  const g = await graphOf(source, { interactive: true });
  assert.deepEqual(source.fetched, [T('R')]);
  assert.equal(g.metadata?.interactive, true);
  assert.equal(g.metadata?.stoppedReason, 'interactive');
  assert.equal(node(g, T('A'))?.continuation?.depth, 1);
  const next = new FakeSource(CHAIN, { deduplicated: [T('R')] });
  const g2 = await graphOf(next, { interactive: true, continueFrom: new Set([T('A')]) });
  assert.deepEqual(next.fetched, [T('R'), T('A')]);
  assert.equal(node(g2, T('B'))?.continuation?.estimatedCost, 80);
  assert.equal(g2.metadata?.stoppedReason, 'interactive');
});

test('continuing leaves companies outside the listed branches as they were, and says which listed nodes it did not reach', async () => {
  const group = { R: [co('A', 50), co('B', 50)], A: [person('P', 100)], B: [person('Q', 100)] };
  const source = new FakeSource(group, { deduplicated: [T('R')] });
  const g = await graphOf(source, { continueFrom: new Set([T('A'), T('ELSEWHERE')]) });
  assert.deepEqual(source.fetched, [T('R'), T('A')]);
  assert.equal(node(g, T('B'))?.continuation?.estimatedCost, 80);
  assert.equal(g.metadata?.stoppedReason, 'continuation_scope');
  assert.match(g.description!, /Not reached from R Ltd \(T:R\): T:ELSEWHERE/);
});

test('what an earlier attempt stored is neither fetched nor paid again, and counts in amountSpent once', async () => {
  const source = new FakeSource(CHAIN, { stored: { [T('R')]: 80, [T('A')]: 80 } });
  const g = await graphOf(source, { room: { graphMaxBudget: 80 } }); // the room left after the stored 160
  assert.deepEqual(source.fetched, [T('B')]);
  assert.equal(g.metadata?.amountSpent, 240);
});

test('an unavailable register leaves its company for later and keeps its money aside for it', async () => {
  const group = { R: [co('A', 50), co('B', 50)], A: [person('P', 100)], B: [person('Q', 100)] };
  const g = await graphOf(new FakeSource(group, { unavailable: [T('A')] }), { room: { graphMaxBudget: 160 } });
  assert.equal(node(g, T('A'))?.continuation?.estimatedCost, 80);
  assert.ok(node(g, T('B'))?.continuation, 'B would take the money A needs on the next attempt');
  assert.equal(g.metadata?.stoppedReason, 'graph_budget');
});

test('dead ends: a company of an unserved register, one without id, one without shareholders, one not found', async () => {
  const group = {
    R: [
      co('TRUST', 40),
      co('KY1', 20, 'KY'),
      { type: 'company' as const, company: { legalName: 'Nameless Ltd' }, sharePercentage: 20 },
      co('GONE', 10),
      person('P', 10),
    ],
    TRUST: [],
  };
  const g = await graphOf(new FakeSource(group));
  assert.equal(g.metadata?.stoppedReason, 'complete');
  assert.equal(
    g.nodes.some((n) => n.continuation),
    false,
    'nothing is left for a later request',
  );
  assert.equal(g.metadata?.companiesFetched, 2);
  assert.equal(g.metadata?.companiesSkipped, 3);
  assert.equal(node(g, 'KY:KY1')?.totalOwnershipPercentage, 20);
  assert.match(g.description!, /TRUST Ltd \(T:TRUST\) lists no shareholders/);
  assert.match(g.description!, /KY1 \(KY:KY1\): no register for KY is served/);
  assert.match(g.description!, /Nameless Ltd: named without a company id/);
  assert.match(g.description!, /T:GONE\): could not be fetched \(T:GONE not found\)/);
});

test('companies beyond the depth limit wait for a continuation; a listed one is expanded past it', async () => {
  const group = { R: [co('A', 100)], A: [co('B', 100)], B: [co('C', 100)], C: [person('P', 100)] };
  const g = await graphOf(new FakeSource(group), { maxDepth: 2 });
  assert.equal(g.metadata?.stoppedReason, 'max_depth');
  assert.deepEqual(node(g, T('B'))?.continuation, { estimatedCost: 80, depth: 2, accumulatedOwnership: 100 });
  const next = await graphOf(new FakeSource(group, { deduplicated: [T('R'), T('A')] }), { maxDepth: 2, continueFrom: new Set([T('B')]) });
  assert.equal(node(next, T('B'))?.continuation, undefined);
  assert.equal(node(next, T('C'))?.continuation?.depth, 3);
});
