import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where document bytes live. The filesystem store is the default; an object store (S3, GCS) implements the
 * same two calls, and signed URLs keep pointing at the service, which reads through this interface.
 */
export interface BlobStore {
  /** Stores bytes under a key; a key is written once. */
  put(key: string, content: Uint8Array): Promise<void>;
  /** The bytes of a key, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
}

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** Blobs as files under one directory (by default `DATA_DIR/blobs`), fanned out by the key's last characters. */
export class FileSystemBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  async put(key: string, content: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(join(path, '..'), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, content);
    await rename(partial, path);
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  private pathOf(key: string): string {
    // Keys come from the id module; anything else could walk out of the directory.
    if (!KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
    return join(this.dir, key.slice(-2), key);
  }
}
