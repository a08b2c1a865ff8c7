import type { TProfile, TUser } from '@paperbench/contract';

/** GET /api/profile of a signed-in user with nothing in their library, administrator or not. */
export function emptyProfileOf(user: Pick<TUser, 'email' | 'name'>, { isAdmin }: { isAdmin: boolean }): TProfile {
  return {
    user: { email: user.email, name: user.name, picture: null, signed_in_at: '2026-01-01T00:00:00.000Z' },
    counts: {
      folders: 0,
      papers: 0,
      uploads: 0,
      topics: 0,
      chat_sessions: 0,
      review_sessions: 0,
      ideas: 0,
      comments: 0,
      shared_folders: 0,
      shared_with_me: 0,
    },
    is_admin: isAdmin,
  };
}
