import type { Db } from '../store/db.ts';

/** A retrieved document's metadata; its bytes are in the blob store under `blobKey` (or inline in older rows). */
export interface DocumentFileRecord {
  id: string;
  accountId: string;
  contentType: string;
  documentId: string;
  blobKey: string | null;
  /** Bytes of rows written before the blob store; null since. */
  inlineContent: Uint8Array | null;
}

interface FileRow {
  id: string;
  account_id: string;
  content_type: string;
  content: Uint8Array | null;
  blob_key: string | null;
  document_id: string;
}

/** Retrieved documents' metadata (table document_files). */
export class DocumentFileRepository {
  constructor(private readonly db: Db) {}

  async insert(file: {
    id: string;
    accountId: string;
    countryCode: string;
    companyId: string;
    documentId: string;
    contentType: string;
    blobKey: string;
    createdAt: Date;
  }): Promise<void> {
    await this.db.query(
      `insert into document_files (id, account_id, country_code, company_id, document_id, content_type, blob_key, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [file.id, file.accountId, file.countryCode, file.companyId, file.documentId, file.contentType, file.blobKey, file.createdAt],
    );
  }

  async get(id: string): Promise<DocumentFileRecord | undefined> {
    const [row] = await this.db.query<FileRow>(
      'select id, account_id, content_type, content, blob_key, document_id from document_files where id = $1',
      [id],
    );
    return (
      row && {
        id: row.id,
        accountId: row.account_id,
        contentType: row.content_type,
        documentId: row.document_id,
        blobKey: row.blob_key,
        inlineContent: row.content,
      }
    );
  }
}
