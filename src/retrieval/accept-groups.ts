import type { HoldRows } from '../billing/repository/group-holds.ts';
import { GROUP_HELD, groupHoldsPart } from '../billing/repository/group-holds.ts';
import { groupRequestsPart, type NewRequest } from '../requests/statement-parts.ts';
import { composeStatement, withUntimedGenericPlan } from '../store/statement.ts';
import type { Combiner } from '../store/statement-groups.ts';

/** One request's accept, as rows: the request and its items, and its hold (BillingService.holdOf). */
export interface AcceptRows extends NewRequest {
  hold: HoldRows;
}

/**
 * The accepts of a group of requests as one statement (StatementGroups' Combiner): their requests, items, holds and
 * reservations written over arrays, answering as each accept's own statement does when it writes (`written`, and its
 * commit not waiting for the disk: every grouped accept is one whose work that follows flushes it, RetrievalService).
 *
 * All or nothing: when a hold is refused or a guard finds history (GROUP_HELD false), the statement fails on the cast
 * of its refusal to a boolean, so that nothing it wrote stands; the group's accepts then run as their own statements,
 * each taking or refusing its hold. A statement cannot roll back what its other expressions wrote but by failing.
 */
export const acceptGroupStatement: Combiner<AcceptRows> = (accepts) => {
  const { sql, params } = composeStatement(
    [groupHoldsPart(accepts.map((a) => a.hold)), groupRequestsPart(accepts)],
    `select (case when ${GROUP_HELD} then 'true' else 'accept group refused' end)::boolean as written,
       set_config('synchronous_commit', 'off', true) is not null as deferred`,
  );
  // Its arrays' lengths vary with the group's size: planned once, never timed (every lookup in it is by a key).
  return { sql: withUntimedGenericPlan(sql), params };
};
