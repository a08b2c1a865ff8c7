import type { Config } from '../../config';
import type { FileStorage } from '../../storage/file-storage';
import { LocalFileStorage } from '../../storage/local-file-storage';
import { createS3FileStorage } from '../../storage/s3-file-storage';

/** The PDFs' store as the server configures it (app-context.ts): the S3 bucket when set, else STORAGE_DIR. */
export const storageOf = (config: Config): FileStorage =>
  config.S3_BUCKET
    ? createS3FileStorage({ ...config, S3_BUCKET: config.S3_BUCKET })
    : new LocalFileStorage(config.STORAGE_DIR);
