import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { FileSystemBlobStore } from '../documents/blobs.ts';
import { DocumentFiles } from '../documents/files.ts';
import { DocumentFileRepository } from '../documents/repository.ts';
import { UrlSigner } from '../documents/signer.ts';
import type { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';
import { ensureSetting } from '../store/settings.ts';

/** Retrieved documents (metadata in the store, bytes in the blob store) and the signer of their download links. */
export async function createDocuments(config: Config, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const files = new DocumentFiles(new DocumentFileRepository(db), clock, new FileSystemBlobStore(join(config.DATA_DIR, 'blobs')));
  // Generated once and kept, so links stay valid across restarts and processes.
  const signingSecret = config.URL_SIGNING_SECRET ?? (await ensureSetting(db, 'urlSigningSecret', randomBytes(32).toString('base64url')));
  // The base URL is the listening address's until PUBLIC_BASE_URL says otherwise (set once the port is known).
  const signer = new UrlSigner(signingSecret, config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`, config.DOCUMENT_URL_TTL);
  return { files, signer };
}
