import { z } from 'zod';

/**
 * The message of a field the client left out. Zod's default names what the schema expected: for a missing field of
 * a long enumeration (`country` of a search) that is a list of seventy codes, which buries the mistake. Messages a
 * schema sets itself still win (zod's precedence puts this map after them).
 */
export const MISSING_FIELD = 'required, and missing';

z.config({
  customError: (issue) =>
    issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value') ? MISSING_FIELD : undefined,
});

/**
 * For a refinement that checks fields together (`id` unless `requestId`): run it even when another field failed, so
 * that one answer names every mistake rather than the next one after each fix. Zod skips refinements after a failure
 * by default; this runs them whenever the value is an object.
 */
export const EVEN_WHEN_OTHER_FIELDS_FAIL = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
