import { z } from 'zod';
import { MtAddressSchema, MtCompanySchema, MtFilingSchema, MtInvolvementSchema } from '../record.ts';

/**
 * The wire format of the business registry's online system, shared by the connector (client.ts) and the sandbox
 * emulator (emulator/server.ts). JSON over HTTPS; every call after login carries `Authorization: Bearer <session>`.
 *
 * | call | answer |
 * |---|---|
 * | `POST /api/auth/login` `{username, password}` | `{mfaToken, mfaMethod: "totp", expiresInSeconds}`, 401 `INVALID_CREDENTIALS` |
 * | `POST /api/auth/mfa` `{mfaToken, code}` | `{sessionToken, expiresInSeconds}`, 401 `INVALID_OTP` / `MFA_EXPIRED` |
 * | `GET /api/companies?registrationNumber=C%2012345` or `?name=…&page=&pageSize=` | `{total, page, pageSize, items: CompanySummary[]}` |
 * | `GET /api/companies/{uuid}` | `CompanyDetails` |
 * | `GET /api/companies/{uuid}/involvements` | `{items: Involvement[]}` |
 * | `GET /api/companies/{uuid}/documents` | `{items: Filing[]}` (free) |
 * | `POST /api/document-retrievals` `{companyUuid, fileId}` | 201 `{retrievalId, status: "created", fee: {amount, currency}, alreadyPurchased}` |
 * | `POST /api/document-retrievals/{id}/process` | `{retrievalId, status: "processed"}` (the fee is charged here, once per file) |
 * | `GET /api/document-retrievals/{id}/download` | the PDF; 409 `NOT_PROCESSED` before processing |
 *
 * Errors are `{code, message}`: 401 `SESSION_EXPIRED` (unknown, expired or revoked session), 404 `NOT_FOUND`,
 * 400 `BAD_REQUEST`, 503 `MAINTENANCE` (outage).
 */
export const PATHS = {
  login: '/api/auth/login',
  mfa: '/api/auth/mfa',
  companies: '/api/companies',
  company: (uuid: string) => `/api/companies/${encodeURIComponent(uuid)}`,
  involvements: (uuid: string) => `/api/companies/${encodeURIComponent(uuid)}/involvements`,
  documents: (uuid: string) => `/api/companies/${encodeURIComponent(uuid)}/documents`,
  retrievals: '/api/document-retrievals',
  process: (id: string) => `/api/document-retrievals/${encodeURIComponent(id)}/process`,
  download: (id: string) => `/api/document-retrievals/${encodeURIComponent(id)}/download`,
} as const;

/** Largest page of a name search the system serves. */
export const MAX_PAGE_SIZE = 100;

export const LoginAnswer = z.object({ mfaToken: z.string().min(1), mfaMethod: z.literal('totp'), expiresInSeconds: z.number().positive() });
export const MfaAnswer = z.object({ sessionToken: z.string().min(1), expiresInSeconds: z.number().positive() });

export const CompanySummary = z.object({
  uuid: z.string(),
  registrationNumber: z.string(),
  name: z.string(),
  type: z.string(),
  subtype: z.string().optional(),
  state: z.string(),
  registrationDate: z.string().optional(),
  registeredOffice: MtAddressSchema.optional(),
});
export type CompanySummary = z.infer<typeof CompanySummary>;

export const SearchAnswer = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  items: z.array(CompanySummary),
});

// The connector reads answers leniently (fields the system adds later are ignored); the sandbox record is strict.
export const CompanyDetails = z.object({
  ...MtCompanySchema.shape,
  uuid: z.string(),
  registrationNumber: z.string(),
  currency: z.string().default('EUR'),
});
export type CompanyDetails = z.infer<typeof CompanyDetails>;

export const InvolvementsAnswer = z.object({ items: z.array(z.object(MtInvolvementSchema.shape)) });
export type Involvement = z.infer<typeof MtInvolvementSchema>;

export const DocumentsAnswer = z.object({ items: z.array(z.object(MtFilingSchema.shape)) });
export type Filing = z.infer<typeof MtFilingSchema>;

export const RetrievalAnswer = z.object({
  retrievalId: z.string().min(1),
  status: z.string(),
  fee: z.object({ amount: z.number(), currency: z.string() }).optional(),
  alreadyPurchased: z.boolean().optional(),
});
