import { z } from 'zod';
import { ZTimestamp, zText } from './common';

/** The signed-in person (requirements §3 User without the id), or null on an anonymous browser. */
export const ZProfileUser = z.object({
  email: zText().email(),
  name: zText(),
  picture: zText().url().nullable(),
  signed_in_at: ZTimestamp,
});
export type TProfileUser = z.infer<typeof ZProfileUser>;

/** How much the server holds for the caller (the profile page's library counts). */
export const ZProfileCounts = z.object({
  folders: z.number().int().nonnegative(),
  /** Distinct papers across the caller's folders. */
  papers: z.number().int().nonnegative(),
  uploads: z.number().int().nonnegative(),
  topics: z.number().int().nonnegative(),
  chat_sessions: z.number().int().nonnegative(),
  /** Review-writing sessions (docs/review.md), counted apart from chat sessions. */
  review_sessions: z.number().int().nonnegative(),
  /** Saved ideas of the AI Scientist (docs/ideas.md). */
  ideas: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  /** Folders the caller owns that are shared. */
  shared_folders: z.number().int().nonnegative(),
  /** Shared folders of others where the caller's email holds a role. */
  shared_with_me: z.number().int().nonnegative(),
});
export type TProfileCounts = z.infer<typeof ZProfileCounts>;

/** GET /api/profile. */
export const ZProfile = z.object({
  user: ZProfileUser.nullable(),
  counts: ZProfileCounts,
  /** docs/deploy.md#the-admin-page: whether the caller may open /admin (the header's menu links it). */
  is_admin: z.boolean(),
});
export type TProfile = z.infer<typeof ZProfile>;

/**
 * GET /api/profile/export: everything the server holds about the caller, as JSON (GDPR Art. 15 and 20),
 * with the library as BibTeX inside. Sections are arrays of plain records; ids of other users never appear.
 */
export const ZProfileExport = z.object({
  exported_at: ZTimestamp,
  user: ZProfileUser.nullable(),
  /** Every table section, named for what it holds: folders (with files), uploads, topics, subscription… */
  data: z.record(z.string(), z.unknown()),
  /** The caller's library (every paper in their folders) as BibTeX. */
  bibtex: z.string(),
});
export type TProfileExport = z.infer<typeof ZProfileExport>;

/** DELETE /api/profile: the body is the confirmation, so a stray request cannot delete an account. */
export const ZDeleteAccountRequest = z.object({
  confirm: z.literal('delete my account', { message: "confirm must be exactly 'delete my account'" }),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
