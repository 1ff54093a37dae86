import { readFileSync } from 'node:fs';
import { z } from 'zod';

const RoleTable = z.object({
  roles: z.array(z.object({ type: z.string().min(1), standardized: z.string(), representative: z.boolean() })).min(1),
});

/** The involvement-type table (data). */
export const ROLE_TABLE = RoleTable.parse(JSON.parse(readFileSync(new URL('./roles.json', import.meta.url), 'utf8')));

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** The public role of an involvement type: the registry's words, and the standardised role (Other when unknown). */
export function mapRole(type: string): { localName: string; standardized: string } {
  const row = ROLE_TABLE.roles.find((r) => norm(r.type) === norm(type));
  return { localName: type.trim(), standardized: row?.standardized ?? 'Other' };
}

/** True for the types that make a natural person a legal representative (spec §2.11). */
export function isRepresentativeType(type: string): boolean {
  return ROLE_TABLE.roles.find((r) => norm(r.type) === norm(type))?.representative ?? false;
}
