import { idRefusal, lengthOrCharacterProblem } from '../id-refusal.ts';

/** The only identifier of the register (spec §2.11): the Department of State id, 6 to 8 digits. */
export const DOS_ID_PATTERN = /^\d{6,8}$/;
const DOS_ID_FORMAT = 'the Department of State id (dosId), no prefix: 6 to 8 digits 0-9 (no letters, no check digit), e.g. 1234567';

export function parseDosId(raw: string): string {
  const id = raw.trim();
  if (!DOS_ID_PATTERN.test(id))
    throw idRefusal('US-NY', id, lengthOrCharacterProblem(id, /\d/, { min: 6, max: 8 }, 'digit'), DOS_ID_FORMAT);
  return id;
}

/** Ids in the snapshot: any run of digits that fits a uint32 (the search index keys entities by number). */
export function isIngestibleDosId(id: string): boolean {
  return /^\d{1,9}$/.test(id);
}
