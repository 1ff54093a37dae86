import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JSDOM } from 'jsdom';
import { assembleGraph } from './assemble.ts';
import { renderMermaid, mermaidText } from './mermaid.ts';
import { co, FakeSource, options, person } from './test-helpers.ts';
import { traverse } from './traversal.ts';

// mermaid parses in Node; only its sanitiser (DOMPurify) needs a DOM, which jsdom provides. No browser is involved.
const { window } = new JSDOM('');
Object.assign(globalThis, { window, document: window.document });
const { default: mermaid } = await import('mermaid');

/** Parses a diagram with mermaid's own parser; resolves to its diagram type, rejects with the parse error. */
const parse = async (text: string) => (await mermaid.parse(text)).diagramType;

test('the parser used here rejects what mermaid would not draw (so a pass means something)', async () => {
  await assert.rejects(parse('flowchart TD\n  n0["a "quoted" name"]'));
  await assert.rejects(parse('flowchart TD\n  n0["x"] -->|"1%"|'));
  assert.equal(await parse('flowchart TD\n  n0["x"] -->|"1%"| n1("y")'), 'flowchart-v2');
});

test('a whole graph renders as a valid flowchart: every node and every holding, classes for root, UBO and pending', async () => {
  const group = {
    R: [co('A', 45), co('B', 45), co('S', 10)],
    A: [co('S', 100)],
    B: [co('S', 60), person('Q', 40)],
    S: [person('Y', 90), co('R', 10), co('KY1', 10, 'KY')],
  };
  const g = assembleGraph(await traverse(new FakeSource(group), options('R', { room: { graphMaxBudget: 240 } })), {
    representatives: [],
    interactive: false,
  });
  const text = g.mermaidDiagram!;
  assert.equal(await parse(text), 'flowchart-v2');
  assert.equal(text.split('\n').filter((l) => l.includes('-->')).length, g.edges.length);
  assert.match(text, /class n0 root/);
  assert.match(text, /class .*pending/, 'S did not fit the budget');
  assert.equal(text, renderMermaid(g), 'rendering is a function of the graph');
});

test('names with quotes, markup, hashes, pipes, brackets, newlines and non-Latin script are escaped and still parse', async () => {
  const nasty = [
    'O"Brien & Sons <b>Ltd</b>',
    'Hash #1 #quot; Holdings | [Brackets] {braces} (parens)',
    'Line\nbreak `tick` ; semicolon --> arrow',
    '重庆环球数码科技有限公司',
    'Société à responsabilité limitée %% comment',
  ];
  const nodes = nasty.map((name, i) => ({ nodeId: `T:${i}`, company: { legalName: name, id: String(i) }, flags: { isRoot: i === 0 } }));
  const edges = nasty.slice(1).map((_, i) => ({ id: `e${i}`, fromId: `T:${i + 1}`, toId: 'T:0', percentage: 12.345 }));
  const people = [
    {
      nodeId: 'person:x',
      individual: { name: 'Zoë "Zed" <script>alert(1)</script>' },
      totalOwnershipPercentage: 30,
      flags: { isUbo: true },
    },
  ];
  const text = renderMermaid({
    nodes: [...nodes, ...people],
    edges: [...edges, { id: 'ex', fromId: 'person:x', toId: 'T:0', percentage: 30 }],
  });
  assert.equal(await parse(text), 'flowchart-v2');
  assert.doesNotMatch(text, /<b>|<script>|"Zed"/);
  assert.equal(mermaidText('a "b" #c'), 'a #quot;b#quot; #35;c');
  assert.match(text, /-->\|"12.35%"\|/);
});
