import { RegisterError } from '../errors.ts';

/** The only identifier of the register (spec §2.11): the Department of State id, 6 to 8 digits. */
export const DOS_ID_PATTERN = /^\d{6,8}$/;

export function parseDosId(raw: string): string {
  const id = raw.trim();
  if (!DOS_ID_PATTERN.test(id)) throw new RegisterError('invalid_request', 'a US-NY company id is the dosId: 6 to 8 digits');
  return id;
}

/** Ids in the snapshot: any run of digits that fits a uint32 (the search index keys entities by number). */
export function isIngestibleDosId(id: string): boolean {
  return /^\d{1,9}$/.test(id);
}
