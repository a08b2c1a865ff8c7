import type { Db } from '../../db/client';
import { generateUserToken } from '../../lib/user-token';
import { insertUser } from './identity.repo';

/** Issues a new anonymous user and returns the id the browser keeps (never stored in clear). */
export async function issueAnonymousUser(db: Db): Promise<string> {
  const token = generateUserToken();
  await insertUser(db, token);
  return token;
}
