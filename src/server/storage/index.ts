import path from 'node:path';
import type { AppConfig } from '../config';
import { createDiskStorage } from './disk';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

export type { Storage } from './storage';
export { isSafeKey } from './storage';

/** Object storage when S3_BUCKET is set, else files under DATA_DIR/uploads. */
export function createStorage(config: AppConfig): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'uploads'));
}
