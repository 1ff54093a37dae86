import type { Db } from '../store/db.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { BlobStore } from './blobs.ts';

export interface StoredFile {
  id: string;
  accountId: string;
  contentType: string;
  content: Uint8Array;
  documentId: string;
}

interface FileRow {
  id: string;
  account_id: string;
  content_type: string;
  content: Uint8Array | null;
  blob_key: string | null;
  document_id: string;
}

/**
 * Retrieved documents, kept so that signed URLs can serve them again later: metadata in the database, bytes
 * in the blob store. Rows written before the blob store hold their bytes themselves and are still served.
 */
export class DocumentFiles {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly blobs: BlobStore,
  ) {}

  async save(input: {
    accountId: string;
    countryCode: string;
    companyId: string;
    documentId: string;
    contentType: string;
    content: Uint8Array;
  }): Promise<string> {
    const now = this.clock.now();
    const id = newId('doc', now.getTime());
    // Bytes first: a row never points at a blob that is not there.
    await this.blobs.put(id, input.content);
    await this.db.query(
      `insert into document_files (id, account_id, country_code, company_id, document_id, content_type, blob_key, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, input.accountId, input.countryCode, input.companyId, input.documentId, input.contentType, id, now],
    );
    return id;
  }

  async get(id: string): Promise<StoredFile | undefined> {
    const [row] = await this.db.query<FileRow>(
      'select id, account_id, content_type, content, blob_key, document_id from document_files where id = $1',
      [id],
    );
    if (!row) return undefined;
    const content = row.blob_key ? await this.blobs.get(row.blob_key) : row.content;
    if (!content) return undefined;
    return { id: row.id, accountId: row.account_id, contentType: row.content_type, content, documentId: row.document_id };
  }
}
