import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { BlobStore } from './blobs.ts';
import type { DocumentFileRepository } from './repository.ts';

export interface StoredFile {
  id: string;
  accountId: string;
  contentType: string;
  content: Uint8Array;
  documentId: string;
}

/**
 * Retrieved documents, kept so that signed URLs can serve them again later: metadata in the database, bytes
 * in the blob store. Rows written before the blob store hold their bytes themselves and are still served.
 */
export class DocumentFiles {
  constructor(
    private readonly repo: DocumentFileRepository,
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
    await this.repo.insert({
      id,
      accountId: input.accountId,
      countryCode: input.countryCode,
      companyId: input.companyId,
      documentId: input.documentId,
      contentType: input.contentType,
      blobKey: id,
      createdAt: now,
    });
    return id;
  }

  async get(id: string): Promise<StoredFile | undefined> {
    const file = await this.repo.get(id);
    if (!file) return undefined;
    const content = file.blobKey ? await this.blobs.get(file.blobKey) : file.inlineContent;
    if (!content) return undefined;
    return { id: file.id, accountId: file.accountId, contentType: file.contentType, content, documentId: file.documentId };
  }
}
