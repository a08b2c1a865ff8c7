import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../db/client';
import { buildFolder, buildFolderMember, buildNamedUser, shareFolder } from './factories';

type Role = 'editor' | 'commenter' | 'viewer';

/**
 * A shared folder of `ownerId` (docs/collaboration.md#roles) with its members by email and role, as the
 * forum routes leave it: what the comment, annotation and thread suites arrange before asking as each role.
 */
export async function buildSharedFolder(
  db: Db,
  {
    ownerId,
    name,
    isPublic = false,
    members = [],
  }: { ownerId: number; name?: string; isPublic?: boolean; members?: readonly { email: string; role: Role }[] },
) {
  const folder = await buildFolder(db, { ownerId, name });
  await shareFolder(db, folder.id, { isPublic });
  for (const member of members) await buildFolderMember(db, { folderId: folder.id, ...member });
  return folder;
}

/** Signed-in people named as given, each `<name>@example.org` (lower-case): the cast of the collaboration suites. */
export async function buildPeople<const Names extends readonly string[]>(db: Db, ...names: Names) {
  const people: Awaited<ReturnType<typeof buildNamedUser>>[] = [];
  // One after the other, so their ids follow the names' order.
  for (const name of names) people.push(await buildNamedUser(db, { email: `${name.toLowerCase()}@example.org`, name }));
  return people as { [K in keyof Names]: Awaited<ReturnType<typeof buildNamedUser>> };
}

/** Who asks (their X-User-ID, or null: anonymously), how, where, with what body. */
export type CallArgs = [token: string | null, method: InjectOptions['method'], url: string, payload?: object];

/** A request as the user whose X-User-ID is `token`, or anonymously. */
export const injectAs = (t: { app: FastifyInstance }, ...[token, method, url, payload]: CallArgs) =>
  t.app.inject({ method, url, payload, headers: token ? { 'x-user-id': token } : {} });
