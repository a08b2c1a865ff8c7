import { z } from 'zod';
import { ZOriginUrl, zOptional } from './fields';

/** Where PDFs are kept (a directory or an S3-compatible bucket) and how remote ones are fetched. */
export const storageEnv = {
  /** Uploaded and cached PDFs (content-addressed) live here; unset means `${DATA_DIR}/files`. */
  STORAGE_DIR: z.string().trim().min(1).optional(),
  /** Largest uploaded PDF, in bytes (default 50 MB); a bigger upload is refused with 413. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  /** The arXiv host the PDF proxy may fetch from (origin only; tests point it at a local server). */
  ARXIV_PDF_BASE_URL: ZOriginUrl.default('https://export.arxiv.org'),
  /** The ACL Anthology host the PDF proxy may fetch from (origin only). */
  ACL_PDF_BASE_URL: ZOriginUrl.default('https://aclanthology.org'),
  /** Time limit of one remote PDF fetch, headers and body, in milliseconds. */
  PDF_FETCH_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /** Largest remote PDF the proxy fetches, in bytes (default 100 MB); bigger ones answer 502. */
  PDF_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),

  // docs/deploy.md#object-storage: PDFs in an S3-compatible bucket that every replica shares, instead of STORAGE_DIR.
  /** The bucket; set, uploaded and cached PDFs live there and STORAGE_DIR is not used for them. */
  S3_BUCKET: zOptional(z.string()),
  /** An S3-compatible server's URL (MinIO, …); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: zOptional(z.string().url()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Set with S3_SECRET_ACCESS_KEY; both unset: the AWS SDK's default credentials (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: zOptional(z.string()),
  S3_SECRET_ACCESS_KEY: zOptional(z.string()),
  /** Path-style URLs (endpoint/bucket/key), as MinIO wants; unset: true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: zOptional(z.enum(['true', 'false'])).transform((value) =>
    value === undefined ? undefined : value === 'true',
  ),
  /** Every key goes under this prefix, so several apps can share one bucket; empty: the bucket's root. */
  S3_PREFIX: z
    .string()
    .trim()
    .default('')
    .transform((value) => value.replace(/^\/+|\/+$/g, '')),
};
