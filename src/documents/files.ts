import type { Db } from '../store/db.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';

export interface StoredFile {
  id: string;
  accountId: string;
  contentType: string;
  content: Uint8Array;
  documentId: string;
}

/** Bytes of retrieved documents, kept so that signed URLs can serve them again later. */
export class DocumentFiles {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async save(input: { accountId: string; countryCode: string; companyId: string; documentId: string; contentType: string; content: Uint8Array }): Promise<string> {
    const id = newId('doc');
    await this.db.query(
      `insert into document_files (id, account_id, country_code, company_id, document_id, content_type, content, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, input.accountId, input.countryCode, input.companyId, input.documentId, input.contentType, Buffer.from(input.content), this.clock.now()],
    );
    return id;
  }

  async get(id: string): Promise<StoredFile | undefined> {
    const [row] = await this.db.query<{ id: string; account_id: string; content_type: string; content: Uint8Array; document_id: string }>(
      'select id, account_id, content_type, content, document_id from document_files where id = $1',
      [id],
    );
    return row && { id: row.id, accountId: row.account_id, contentType: row.content_type, content: row.content, documentId: row.document_id };
  }
}
