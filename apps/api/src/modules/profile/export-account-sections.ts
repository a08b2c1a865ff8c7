import { eq } from 'drizzle-orm';
import { uploadFileJoin, uploadPaperJoin } from '../../db/columns/upload-joins';
import { apiTokens, papers, storedFiles, subscriptions, topics, uploads, userSessions } from '../../db/schema';
import { displayPrefix } from '../tokens/token-secret';
import { iso, listSection, oneRowSection } from './export-section';

/** Sessions show when they were used, never their token hashes. */
export const sessionsSection = listSection('sessions', {
  read: (tx, { userId }) =>
    tx
      .select({
        id: userSessions.id,
        createdAt: userSessions.createdAt,
        lastSeenAt: userSessions.lastSeenAt,
        revokedAt: userSessions.revokedAt,
      })
      .from(userSessions)
      .where(eq(userSessions.userId, userId))
      .orderBy(userSessions.createdAt, userSessions.id),
  present: (session, { sessionId }) => ({
    created_at: iso(session.createdAt),
    last_seen_at: iso(session.lastSeenAt),
    revoked_at: iso(session.revokedAt),
    this_device: session.id === sessionId,
  }),
});

export const uploadsSection = listSection('uploads', {
  read: (tx, { userId }) =>
    tx
      .select({
        paperId: uploads.paperId,
        title: papers.title,
        originalFilename: uploads.originalFilename,
        byteSize: storedFiles.byteSize,
        createdAt: uploads.createdAt,
      })
      .from(uploads)
      .innerJoin(papers, uploadPaperJoin)
      // A metadata-only paper has no file (docs/import-export.md): listed with 0 bytes.
      .leftJoin(storedFiles, uploadFileJoin)
      .where(eq(uploads.ownerId, userId))
      .orderBy(uploads.createdAt),
  present: (upload) => ({
    paper_id: upload.paperId,
    title: upload.title,
    original_filename: upload.originalFilename,
    byte_size: upload.byteSize ?? 0,
    created_at: iso(upload.createdAt),
  }),
});

export const topicsSection = listSection('topics', {
  read: (tx, { userId }) =>
    tx
      .select({ topic: topics.topic, createdAt: topics.createdAt, lastSeenAt: topics.lastSeenAt })
      .from(topics)
      .where(eq(topics.userId, userId))
      .orderBy(topics.createdAt, topics.id),
  present: (topic) => ({
    topic: topic.topic,
    created_at: iso(topic.createdAt),
    last_seen_at: iso(topic.lastSeenAt),
  }),
});

/** The digest subscription (one per user), without its token hashes. */
export const subscriptionSection = oneRowSection('subscription', {
  read: (tx, { userId }) =>
    tx
      .select({
        email: subscriptions.email,
        frequency: subscriptions.frequency,
        topics: subscriptions.topics,
        status: subscriptions.status,
        confirmationSentAt: subscriptions.confirmationSentAt,
        confirmedAt: subscriptions.confirmedAt,
        unsubscribedAt: subscriptions.unsubscribedAt,
        createdAt: subscriptions.createdAt,
        updatedAt: subscriptions.updatedAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
  present: (subscription) => ({
    email: subscription.email,
    frequency: subscription.frequency,
    topics: subscription.topics,
    status: subscription.status,
    confirmation_sent_at: iso(subscription.confirmationSentAt),
    confirmed_at: iso(subscription.confirmedAt),
    unsubscribed_at: iso(subscription.unsubscribedAt),
    created_at: iso(subscription.createdAt),
    updated_at: iso(subscription.updatedAt),
  }),
});

/** docs/security.md#personal-access-tokens: the tokens' metadata, never their hashes. */
export const tokensSection = listSection('tokens', {
  read: (tx, { userId }) =>
    tx
      .select({
        name: apiTokens.name,
        scopes: apiTokens.scopes,
        prefix: apiTokens.prefix,
        createdAt: apiTokens.createdAt,
        lastUsedAt: apiTokens.lastUsedAt,
        expiresAt: apiTokens.expiresAt,
      })
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(apiTokens.createdAt, apiTokens.id),
  present: (token) => ({
    name: token.name,
    scopes: token.scopes,
    prefix: displayPrefix(token.prefix),
    created_at: iso(token.createdAt),
    last_used_at: iso(token.lastUsedAt),
    expires_at: iso(token.expiresAt),
  }),
});
