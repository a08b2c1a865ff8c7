import { MAX_TOKENS_PER_USER, type TAdminUsage } from '@paperbench/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { selectTopUsers } from './admin-users.repo';
import { presentUser } from './admin-users.service';

const TOP_USERS = 10;

/** The per-user quotas of docs/security.md#rate-limits-and-quotas as configured on this server. */
function configuredQuotas(config: Config): TAdminUsage['quotas'] {
  const quota = (setting: string, label: string, value: number, unit: 'count' | 'bytes' = 'count') => ({
    setting,
    label,
    value,
    unit,
  });
  return [
    quota('USER_UPLOAD_QUOTA_BYTES', 'Uploaded PDFs per user', config.USER_UPLOAD_QUOTA_BYTES, 'bytes'),
    quota('USER_PAPER_QUOTA', 'Papers without a PDF per user', config.USER_PAPER_QUOTA),
    quota('USER_FOLDER_QUOTA', 'Folders per user', config.USER_FOLDER_QUOTA),
    quota('USER_CHAT_SESSION_QUOTA', 'Chat sessions per user', config.USER_CHAT_SESSION_QUOTA),
    quota('USER_ANNOTATION_QUOTA', 'Annotations per user', config.USER_ANNOTATION_QUOTA),
    quota('USER_SHARE_LIST_QUOTA', 'Share links per user', config.USER_SHARE_LIST_QUOTA),
    quota('USER_COMMENT_QUOTA_PER_DAY', 'Comments per user per day', config.USER_COMMENT_QUOTA_PER_DAY),
    quota('FOLDER_MEMBER_QUOTA', 'Members per shared folder', config.FOLDER_MEMBER_QUOTA),
    quota('(fixed)', 'Personal access tokens per user', MAX_TOKENS_PER_USER),
  ];
}

/** GET /api/admin/usage. */
export async function readUsage(db: Db, config: Config): Promise<TAdminUsage> {
  const top = await selectTopUsers(db, TOP_USERS);
  return { quotas: configuredQuotas(config), top_users: top.map((row) => presentUser(config, row)) };
}
