import { z } from 'zod';

/**
 * The European Commission's VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api):
 * `POST /check-vat-number` {countryCode, vatNumber, requesterMemberStateCode?, requesterNumber?} → {countryCode,
 * vatNumber, requestDate, valid, requestIdentifier, name, address, trader* fields}. Member states that keep the
 * trader's details private answer `---` for name and address; `requestIdentifier` (the consultation number) is empty
 * unless a requester was named. Failures come back as HTTP 200 with `{actionSucceed: false, errorWrappers: [{error,
 * message?}]}` (`INVALID_INPUT`, `INVALID_REQUESTER_INFO`, `MS_UNAVAILABLE`, `SERVICE_UNAVAILABLE`, `TIMEOUT`,
 * `GLOBAL_MAX_CONCURRENT_REQ`, `MS_MAX_CONCURRENT_REQ`, …), a malformed request as HTTP 400.
 */
export const CHECK_PATH = '/check-vat-number';

export const CheckRequest = z.object({
  countryCode: z.string(),
  vatNumber: z.string(),
  requesterMemberStateCode: z.string().optional(),
  requesterNumber: z.string().optional(),
});
export type CheckRequest = z.infer<typeof CheckRequest>;

export const CheckResponse = z
  .object({
    countryCode: z.string().optional(),
    vatNumber: z.string().optional(),
    requestDate: z.string().optional(),
    valid: z.boolean(),
    requestIdentifier: z.string().nullish(),
    name: z.string().nullish(),
    address: z.string().nullish(),
  })
  .passthrough();
export type CheckResponse = z.infer<typeof CheckResponse>;

export const ErrorResponse = z
  .object({
    actionSucceed: z.boolean().optional(),
    errorWrappers: z.array(z.object({ error: z.string(), message: z.string().optional() }).passthrough()).min(1),
  })
  .passthrough();

/** Errors about the number asked: VIES looked, and it is not a number it accepts. */
export const INPUT_ERRORS = ['INVALID_INPUT'];
/** Errors about our own request (the requester we named): nothing is said about the number. */
export const REQUEST_ERRORS = ['INVALID_REQUESTER_INFO'];

/** VIES's placeholder for what a member state does not share. */
export const shared = (s: string | null | undefined) => {
  const v = (s ?? '').trim();
  return v && v !== '---' ? v : undefined;
};
