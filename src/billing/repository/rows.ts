// The rows of billing events and reservations as the repository reads and writes them, their column lists, and the
// key of a unit's advisory lock: shared by the repository (events.ts) and the statement parts other modules compose
// into their own statements (statement-parts.ts).
import type { StatementPart } from '../../store/statement.ts';
import type { BillingSubject } from '../types.ts';

/** Ledger entries as common table expressions of a statement that writes more (Ledger.entriesStatement). */
export type LedgerStatement = StatementPart;

export type NewReservation = Omit<ReservationRow, 'charged' | 'eventId' | 'settledAt'>;

export type BillingUnitKind = 'dataBlock' | 'document';
export type BillingEventStatus = 'charged' | 'deduplicated' | 'included';
export type ReservationState = 'reserved' | 'awaiting' | 'captured' | 'released';

export interface BillingEventRow {
  id: string;
  accountId: string;
  requestId: string;
  countryCode: string;
  companyId: string;
  kind: BillingUnitKind;
  sku: string;
  documentId: string | null;
  unitKey: string;
  amount: number;
  status: BillingEventStatus;
  linkedEventId: string | null;
  basisAt: Date;
  createdAt: Date;
  /** The mode of the request that made the event; read by `eventsOf` only (dedup across modes). */
  mode?: 'onboarding' | 'verification';
}

export interface ReservationRow {
  requestId: string;
  unitKey: string;
  accountId: string;
  kind: BillingUnitKind;
  sku: string;
  documentId: string | null;
  price: number;
  reserved: number;
  charged: number;
  state: ReservationState;
  eventId: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

/** A unit and the window within which its earlier events count (its catalogue entry's dedup window). */
export interface UnitWindow {
  unitKey: string;
  windowMs: number;
}

export const EVENT_COLUMNS = `id, account_id as "accountId", request_id as "requestId", country_code as "countryCode",
  company_id as "companyId", kind, sku, document_id as "documentId", unit_key as "unitKey", amount, status,
  linked_event_id as "linkedEventId", basis_at as "basisAt", created_at as "createdAt"`;
/** The same, of the events aliased `e` (beside other relations with like-named columns). */
export const E_EVENT_COLUMNS = EVENT_COLUMNS.replace(/(^|, |\n {2})([a-z_]+)/g, '$1e.$2');
export const RESERVATION_COLUMNS = `request_id as "requestId", unit_key as "unitKey", account_id as "accountId", kind, sku,
  document_id as "documentId", price, reserved, charged, state, event_id as "eventId", created_at as "createdAt",
  settled_at as "settledAt"`;

/** The advisory lock of one unit of one company for one account. */
export function unitLockKey(subject: BillingSubject, unitKey: string): string {
  return `billing:${subject.accountId}:${subject.countryCode}:${subject.companyId}:${unitKey}`;
}
