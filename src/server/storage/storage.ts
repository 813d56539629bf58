/**
 * Where uploaded files live: a small interface with two implementations, local disk (default,
 * under DATA_DIR/uploads) and S3-compatible object storage (when S3_BUCKET is set).
 * Keys are relative paths like `postings/<postingId>/<uuid>-card.webp`.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number | undefined;
}

export interface StoredKey {
  key: string;
  /** When the object was written; the orphan sweep leaves recent files alone (a save may be in flight). */
  lastModified: Date;
}

export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the objects; keys that do not exist are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every stored key under the prefix. */
  list(prefix: string): Promise<StoredKey[]>;
}

/** Keys are ours: lower-case letters, digits, dashes, slashes and one extension. No climbing out. */
const SAFE_KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*\.[a-z0-9]+$/;

export function isSafeKey(key: string): boolean {
  return key.length <= 300 && SAFE_KEY.test(key);
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Refusing the storage key ${JSON.stringify(key)}.`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The media type a key's extension names (disk keeps no other record of it; a restore writes it to S3). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
