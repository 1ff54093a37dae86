import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { Address } from '../../contract/index.ts';

const Owner = z.union([
  z.object({ company: z.string(), pct: z.number().positive() }).strict(),
  z.object({ person: z.string().regex(/^[A-Z]$/), pct: z.number().positive() }).strict(),
  z.object({ foreign: z.object({ countryCode: z.string(), id: z.string(), legalName: z.string() }), pct: z.number().positive() }).strict(),
]);

const Member = z.object({
  name: z.string(),
  suffix: z.string(),
  legalForm: z.object({
    key: z.enum(['ltd', 'plc', 'llp']),
    countryCode: z.string().length(2),
    localName: z.string(),
    englishTranslation: z.string().optional(),
    standardized: z.string(),
  }),
  address: Address.optional(),
  owners: z.array(Owner),
});
export type GroupMember = z.infer<typeof Member> & { id: string; group: string };

const Groups = z
  .object({
    groups: z.array(z.object({ root: z.string(), shows: z.string(), companies: z.record(z.string(), Member) })),
  })
  .superRefine((data, ctx) => {
    const seen = new Set<string>();
    for (const g of data.groups) {
      for (const [id, m] of Object.entries(g.companies)) {
        if (seen.has(id.toUpperCase())) ctx.addIssue({ code: 'custom', message: `${id} is in two groups` });
        seen.add(id.toUpperCase());
        const total = m.owners.reduce((s, o) => s + o.pct, 0);
        if (m.owners.length > 0 && total !== 100) ctx.addIssue({ code: 'custom', message: `the owners of ${id} hold ${total}%` });
        for (const o of m.owners) {
          if ('company' in o && !g.companies[o.company])
            ctx.addIssue({ code: 'custom', message: `${id} is owned by ${o.company}, not in its group` });
        }
      }
    }
  });

/**
 * The showcase groups (groups.json): data, validated at load. Their companies replace the generated name,
 * legal form, address, shareholders and subsidiaries of their ids; everything else is generated as usual.
 */
const GROUPS = Groups.parse(JSON.parse(readFileSync(new URL('./groups.json', import.meta.url), 'utf8'))).groups;

const MEMBERS = new Map<string, GroupMember>(
  GROUPS.flatMap((g) => Object.entries(g.companies).map(([id, m]) => [id, { ...m, id, group: g.root }] as const)),
);

/** The showcase-group company an id stands for (exactly as written: TEST ids are case-sensitive). */
export function groupMemberOf(id: string): GroupMember | undefined {
  return MEMBERS.get(id);
}

/** The group's companies that the given company holds shares in: its subsidiaries. */
export function groupHoldingsOf(member: GroupMember): { id: string; pct: number }[] {
  const group = GROUPS.find((g) => g.root === member.group)!;
  return Object.entries(group.companies).flatMap(([id, m]) =>
    m.owners.filter((o) => 'company' in o && o.company === member.id).map((o) => ({ id, pct: o.pct })),
  );
}

/** The root ids of the showcase groups and what each shows (documented in README.md). */
export const SHOWCASE_GROUPS = GROUPS.map((g) => ({ root: g.root, shows: g.shows }));

/**
 * `GRAPH_` ids (issue 17 item 5): the incumbent documents showcase ids of the form `GRAPH_<NAME>`, so a client
 * switching to us types those; each names what one of our groups shows and resolves to its root. Matched without
 * regard to case, like the special ids: they are typed by hand. Documented in README.md.
 */
const SHOWCASE_ALIASES = new Map<string, string>([
  ['GRAPH_CHAIN', 'GRAPH-CHAIN'],
  ['GRAPH_DEEP', 'GRAPH-CHAIN'],
  ['GRAPH_PATHS', 'GRAPH-PATHS'],
  ['GRAPH_SHARED', 'GRAPH-PATHS'],
  ['GRAPH_CYCLE', 'GRAPH-CYCLE'],
  ['GRAPH_CIRCULAR', 'GRAPH-CYCLE'],
  ['GRAPH_TRUST', 'GRAPH-TRUST'],
  ['GRAPH_DEAD_END', 'GRAPH-TRUST'],
]);
for (const root of SHOWCASE_ALIASES.values()) {
  if (!MEMBERS.has(root)) throw new Error(`GRAPH_ alias points at ${root}, which is no showcase group`);
}

/** The showcase root a `GRAPH_` id stands for; any other id comes back unchanged. */
export function resolveShowcaseAlias(id: string): string {
  return SHOWCASE_ALIASES.get(id.toUpperCase()) ?? id;
}
