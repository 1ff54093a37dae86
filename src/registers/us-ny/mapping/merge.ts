import type { Company, Source } from '../../../contract/index.ts';

/**
 * Verification merges the live portal's profile over the snapshot's (spec §2.11): every field the portal gives
 * wins; fields only the snapshot has (the name history, which the entity record does not carry) stay, and are
 * listed in `fields` with the snapshot as their source. `usState` merges key by key.
 */
export function mergeCompany(
  snapshot: Company | undefined,
  live: Company,
  cached: Source,
): { company: Company; fields?: Record<string, Source> } {
  if (!snapshot) return { company: live };
  const company: Record<string, unknown> = { ...snapshot };
  for (const [key, value] of Object.entries(live)) {
    if (value === undefined) continue;
    if (key === 'usState') company.usState = { ...snapshot.usState, ...live.usState };
    else company[key] = value;
  }
  const fields: Record<string, Source> = {};
  for (const key of Object.keys(snapshot) as (keyof Company)[]) {
    if (live[key] === undefined) fields[key] = cached;
  }
  for (const key of Object.keys(snapshot.usState ?? {}) as (keyof NonNullable<Company['usState']>)[]) {
    if (live.usState?.[key] === undefined) fields[`usState.${key}`] = cached;
  }
  return { company: company as Company, ...(Object.keys(fields).length ? { fields } : {}) };
}
