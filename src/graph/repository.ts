import type { Db, Queryable } from '../store/db.ts';
import { json } from '../store/db.ts';

/** One company whose shareholders a graph request fetched (and paid for, when it cost anything). */
export interface GraphExpansionRow {
  requestId: string;
  nodeId: string;
  countryCode: string;
  companyId: string;
  data: unknown;
  sku: string | null;
  cost: number;
  billingEventId: string | null;
  createdAt: Date;
}

const COLUMNS = `request_id as "requestId", node_id as "nodeId", country_code as "countryCode", company_id as "companyId",
  data, sku, cost, billing_event_id as "billingEventId", created_at as "createdAt"`;

/** The expansions of graph requests. Writers hold the request's row lock (see GraphBilling). */
export class GraphExpansionRepository {
  constructor(private readonly db: Db) {}

  async ofRequest(requestId: string, q: Queryable = this.db): Promise<GraphExpansionRow[]> {
    return q.query<GraphExpansionRow>(`select ${COLUMNS} from graph_expansions where request_id = $1 order by created_at, node_id`, [
      requestId,
    ]);
  }

  async get(tx: Queryable, requestId: string, nodeId: string): Promise<GraphExpansionRow | undefined> {
    const [row] = await tx.query<GraphExpansionRow>(`select ${COLUMNS} from graph_expansions where request_id = $1 and node_id = $2`, [
      requestId,
      nodeId,
    ]);
    return row;
  }

  /** Credit cents the request's graph has charged so far. */
  async spent(tx: Queryable, requestId: string): Promise<number> {
    const [row] = await tx.query<{ spent: number }>(
      'select coalesce(sum(cost), 0)::int8 as spent from graph_expansions where request_id = $1',
      [requestId],
    );
    return row?.spent ?? 0;
  }

  async insert(tx: Queryable, row: GraphExpansionRow): Promise<void> {
    await tx.query(
      `insert into graph_expansions (request_id, node_id, country_code, company_id, data, sku, cost, billing_event_id, created_at)
       values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)`,
      [row.requestId, row.nodeId, row.countryCode, row.companyId, json(row.data), row.sku, row.cost, row.billingEventId, row.createdAt],
    );
  }
}
