import path from 'node:path';
import { z } from 'zod';
import { adminEnv } from './config/admin';
import { aiEnv, requireModelWithEndpoint } from './config/ai';
import { backupEnv } from './config/backup';
import { browserEnv } from './config/browser';
import { identityEnv, oidcEnv, requireCompleteOidc } from './config/identity';
import { importEnv } from './config/import';
import { ingestEnv } from './config/ingest';
import { limitsEnv } from './config/limits';
import { mailEnv } from './config/mail';
import { type LogFormat, serverEnv } from './config/server';
import { storageEnv } from './config/storage';

/**
 * Every setting the server reads from its environment, one part per concern (config/*.ts); the README's
 * configuration table mirrors it.
 */
const ZEnv = z.object({
  ...serverEnv,
  ...storageEnv,
  ...ingestEnv,
  ...mailEnv,
  ...limitsEnv,
  ...importEnv,
  ...identityEnv,
  ...oidcEnv,
  ...adminEnv,
  ...aiEnv,
  ...browserEnv,
  ...backupEnv,
});

/**
 * docs/deploy.md: half an S3 key pair, S3 settings without a bucket (files would silently stay on one replica's
 * disk), or a read replica beside the embedded database are mistakes, not modes.
 */
function requireCoherentScaleOut(env: z.output<typeof ZEnv>, ctx: z.RefinementCtx) {
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID))
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when other S3_* settings are set' });
  if (env.DATABASE_READ_URL && !env.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_READ_URL'],
      message: 'needs DATABASE_URL (the embedded database has no replicas)',
    });
}

/** The validated settings; STORAGE_DIR is always resolved to an absolute path, LOG_FORMAT to the one in use. */
export type Config = Omit<z.output<typeof ZEnv>, 'LOG_FORMAT'> & {
  STORAGE_DIR: string;
  PUBLIC_URL: string;
  S3_FORCE_PATH_STYLE: boolean;
  LOG_FORMAT: LogFormat;
};

/**
 * Reads and validates the environment; a bad value stops the server with a message naming it. `isTTY`
 * (whether stdout is a terminal) picks the log format when LOG_FORMAT is unset.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { isTTY = process.stdout.isTTY === true }: { isTTY?: boolean } = {},
): Config {
  const parsed = ZEnv.superRefine(requireModelWithEndpoint)
    .superRefine(requireCoherentScaleOut)
    .superRefine(requireCompleteOidc)
    .safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const storageDir = path.resolve(parsed.data.STORAGE_DIR ?? path.join(dataDir, 'files'));
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  // MinIO and most self-hosted S3 servers answer path-style requests only; AWS prefers virtual-hosted.
  const forcePathStyle = parsed.data.S3_FORCE_PATH_STYLE ?? parsed.data.S3_ENDPOINT !== undefined;
  return {
    ...parsed.data,
    DATA_DIR: dataDir,
    STORAGE_DIR: storageDir,
    PUBLIC_URL: publicUrl,
    S3_FORCE_PATH_STYLE: forcePathStyle,
    LOG_FORMAT: parsed.data.LOG_FORMAT ?? (isTTY ? 'pretty' : 'json'),
  };
}
