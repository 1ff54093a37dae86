import { RegisterError } from './errors.ts';

/**
 * The refusal of a company id that is not in its register's format: what is wrong with this id, then the rule in
 * full (prefix, length, allowed characters, check character), so that the caller can correct it without the docs.
 */
export function idRefusal(countryCode: string, id: string, problem: string, format: string): RegisterError {
  return new RegisterError('invalid_request', `${countryCode} company id "${id}" ${problem}: expected ${format}`);
}

/** "has 8 digits", "contains "-"": the first way `id` breaks a rule of `length` characters drawn from `allowed`. */
export function lengthOrCharacterProblem(id: string, allowed: RegExp, length: { min: number; max: number }, unit: string) {
  const bad = [...id].find((c) => !allowed.test(c));
  if (bad !== undefined) return `contains "${bad}"`;
  if (id.length < length.min || id.length > length.max) return `has ${id.length} ${unit}${id.length === 1 ? '' : 's'}`;
  return 'is not in the format';
}
