import { z } from 'zod';

/**
 * HMRC's "Check a UK VAT number" API, version 2 (api.service.hmrc.gov.uk, OpenAPI `conf/2.0/application.yaml` of
 * hmrc/vat-registered-companies-api). Application-restricted: an OAuth 2.0 client-credentials token with the
 * `read:vat` scope, `Accept: application/vnd.hmrc.2.0+json`.
 *
 * - `GET /organisations/vat/check-vat-number/lookup/{targetVrn}` → 200 {target, processingDate}
 * - `GET /organisations/vat/check-vat-number/lookup/{targetVrn}/{requesterVrn}` → 200 {target, requester,
 *   consultationNumber, processingDate}; 403 when the requester is not registered
 * - 400 `INVALID_REQUEST` (not 9 or 12 digits), 404 `NOT_FOUND` ("targetVrn does not match a registered company")
 * - `POST /oauth/token` (form: grant_type=client_credentials, client_id, client_secret, scope=read:vat) →
 *   {access_token, token_type, expires_in, scope}
 */
export const LOOKUP_PATH = '/organisations/vat/check-vat-number/lookup/';
export const TOKEN_PATH = '/oauth/token';
export const ACCEPT_V2 = 'application/vnd.hmrc.2.0+json';
export const SCOPE = 'read:vat';

export const HmrcAddress = z
  .object({
    line1: z.string(),
    line2: z.string().nullish(),
    line3: z.string().nullish(),
    line4: z.string().nullish(),
    line5: z.string().nullish(),
    postcode: z.string().nullish(),
    countryCode: z.string(),
  })
  .passthrough();
export type HmrcAddress = z.infer<typeof HmrcAddress>;

export const LookupResponse = z
  .object({
    target: z.object({ name: z.string(), vatNumber: z.string(), address: HmrcAddress }).passthrough(),
    requester: z.string().nullish(),
    consultationNumber: z.string().nullish(),
    processingDate: z.string(),
  })
  .passthrough();
export type LookupResponse = z.infer<typeof LookupResponse>;

export const ErrorResponse = z.object({ code: z.string(), message: z.string().optional() }).passthrough();

export const TokenResponse = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string().optional(),
    expires_in: z.number().positive(),
    scope: z.string().optional(),
  })
  .passthrough();

/** An HMRC address as one line, the way `verifiedAddress` carries it. */
export const addressLine = (a: HmrcAddress) =>
  [a.line1, a.line2, a.line3, a.line4, a.line5, a.postcode, a.countryCode].filter((p) => p && p.trim()).join(', ');
