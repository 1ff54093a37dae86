/** The Jersey registration number (spec §2.11): purely numeric, 4 to 7 digits. */
export const NUMBER_PATTERN = /^\d{4,7}$/;
export const NUMBER_KEY = 'registrationNumber';
/** The rule as a refusal states it. */
export const NUMBER_FORMAT =
  'the Jersey registration number, no prefix: 4 to 7 digits 0-9 (no letters, no check digit; spaces are ignored), e.g. 104325';

/** Strips the spaces users paste numbers with ("104 325"). */
export function normaliseNumber(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** The catalogue type of the entity profile report as a document (spec §2.11). */
export const REPORT_TYPE = 'jey-trade-register-extract';

/** The one document of an active entity: its profile report. The id carries the number, so it is priced without a call. */
export const reportDocumentId = (number: string) => `JE-REPORT-${number}`;
export function numberOfDocumentId(documentId: string): string | undefined {
  return /^JE-REPORT-(\d{4,7})$/i.exec(documentId.trim())?.[1];
}
