import type { Graph } from '../contract/index.ts';

/**
 * Text inside a quoted mermaid label. Mermaid reads `#name;` and `#123;` as entity codes, so `#` itself and the
 * characters that end a label or open markup are written as codes; line breaks become spaces.
 */
export function mermaidText(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/#/g, '#35;')
    .replace(/"/g, '#quot;')
    .replace(/&/g, '#amp;')
    .replace(/</g, '#lt;')
    .replace(/>/g, '#gt;')
    .replace(/`/g, '#96;')
    .trim();
}

const pct = (n: number) => `${Number(n.toFixed(2))}%`;

/**
 * The graph as a mermaid flowchart, owners above what they own: the requested company as a subroutine box,
 * companies as boxes, people as rounded boxes; UBOs and the UBO proxy highlighted, companies left for a later
 * request dashed. Node ids are `n0`, `n1`, … in the order of `graph.nodes`; every label is quoted and escaped.
 */
export function renderMermaid(graph: Pick<Graph, 'nodes' | 'edges'>): string {
  const ids = new Map(graph.nodes.map((n, i) => [n.nodeId, `n${i}`]));
  const lines = ['flowchart TD'];
  const classes: Record<'root' | 'ubo' | 'proxy' | 'pending', string[]> = { root: [], ubo: [], proxy: [], pending: [] };
  for (const node of graph.nodes) {
    const id = ids.get(node.nodeId)!;
    if (node.company) {
      const name = node.company.legalName ?? node.company.id ?? node.nodeId;
      const label = `${mermaidText(name)}<br/>${mermaidText(node.nodeId)}`;
      lines.push(node.flags?.isRoot ? `  ${id}[["${label}"]]` : `  ${id}["${label}"]`);
    } else {
      const name = mermaidText(node.individual?.name ?? 'Unnamed person');
      const share = node.totalOwnershipPercentage ? `<br/>${pct(node.totalOwnershipPercentage)}` : '';
      lines.push(`  ${id}("${name}${share}")`);
    }
    if (node.flags?.isRoot) classes.root.push(id);
    if (node.flags?.isUbo) classes.ubo.push(id);
    if (node.flags?.isUboProxy) classes.proxy.push(id);
    if (node.continuation) classes.pending.push(id);
  }
  for (const edge of graph.edges) {
    const from = ids.get(edge.fromId);
    const to = ids.get(edge.toId);
    if (!from || !to) continue;
    lines.push(edge.percentage === undefined ? `  ${from} --> ${to}` : `  ${from} -->|"${pct(edge.percentage)}"| ${to}`);
  }
  lines.push(
    '  classDef root stroke-width:3px',
    '  classDef ubo fill:#d4edda,stroke:#2e7d32',
    '  classDef proxy fill:#fff3cd,stroke:#b7791f',
    '  classDef pending stroke-dasharray:5 5',
  );
  for (const [name, members] of Object.entries(classes)) if (members.length) lines.push(`  class ${members.join(',')} ${name}`);
  return lines.join('\n');
}
