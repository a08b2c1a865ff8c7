import type { ExportRows } from './profile.repo';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The export's `data` sections (contract ZProfileExport), snake_case like the rest of the API. Sessions
 * show when they were used, never their hashes; members appear only for the caller's own shared folders.
 */
export function presentExport(rows: ExportRows, currentSessionId: number): Record<string, unknown> {
  const filesOf = (folderId: number) =>
    rows.files
      .filter((file) => file.folderId === folderId)
      .map((file) => ({
        platform: file.platform,
        paper_id: file.paperId,
        title: file.title,
        selected: file.selected,
        added_at: iso(file.addedAt),
      }));
  const messagesOf = (sessionId: number) =>
    rows.messages
      .filter((message) => message.sessionId === sessionId)
      .map((message) => ({
        role: message.role,
        content: message.content,
        source: message.source,
        created_at: iso(message.createdAt),
      }));
  const membersOf = (folderId: number) =>
    rows.members
      .filter((member) => member.folderId === folderId)
      .map((member) => ({ email: member.email, role: member.role, added_at: iso(member.createdAt) }));
  return {
    sessions: rows.sessions.map((session) => ({
      created_at: iso(session.createdAt),
      last_seen_at: iso(session.lastSeenAt),
      revoked_at: iso(session.revokedAt),
      this_device: session.id === currentSessionId,
    })),
    folders: rows.ownFolders.map((folder) => ({
      id: folder.id,
      name: folder.name,
      type: folder.type,
      is_public: folder.isPublic,
      created_at: iso(folder.createdAt),
      updated_at: iso(folder.updatedAt),
      files: filesOf(folder.id),
    })),
    uploads: rows.ownUploads.map((upload) => ({
      paper_id: upload.paperId,
      title: upload.title,
      original_filename: upload.originalFilename,
      byte_size: upload.byteSize,
      created_at: iso(upload.createdAt),
    })),
    topics: rows.ownTopics.map((topic) => ({
      topic: topic.topic,
      created_at: iso(topic.createdAt),
      last_seen_at: iso(topic.lastSeenAt),
    })),
    subscription: rows.subscription && {
      email: rows.subscription.email,
      frequency: rows.subscription.frequency,
      topics: rows.subscription.topics,
      status: rows.subscription.status,
      confirmation_sent_at: iso(rows.subscription.confirmationSentAt),
      confirmed_at: iso(rows.subscription.confirmedAt),
      unsubscribed_at: iso(rows.subscription.unsubscribedAt),
      created_at: iso(rows.subscription.createdAt),
      updated_at: iso(rows.subscription.updatedAt),
    },
    chat_sessions: rows.chats
      .filter((chat) => chat.kind === 'chat')
      .map((chat) => ({
        id: chat.id,
        title: chat.title,
        created_at: iso(chat.createdAt),
        updated_at: iso(chat.updatedAt),
        messages: messagesOf(chat.id),
      })),
    // docs/review.md: each review session with its papers, graph (edges, proposals, dismissals) and drafts.
    review_sessions: rows.chats
      .filter((chat) => chat.kind === 'review')
      .map((review) => ({
        id: review.id,
        title: review.title,
        graph_status: review.graphStatus,
        target_paper: review.targetPaperId ? { platform: review.targetPlatform, paper_id: review.targetPaperId } : null,
        created_at: iso(review.createdAt),
        updated_at: iso(review.updatedAt),
        messages: messagesOf(review.id),
        files: rows.reviewFiles
          .filter((file) => file.sessionId === review.id)
          .map((file) => ({
            platform: file.platform,
            paper_id: file.paperId,
            title: file.title,
            added_at: iso(file.addedAt),
          })),
        edges: rows.reviewEdges
          .filter((edge) => edge.sessionId === review.id)
          .map((edge) => ({
            source: { platform: edge.sourcePlatform, paper_id: edge.sourcePaperId },
            target: { platform: edge.targetPlatform, paper_id: edge.targetPaperId },
            label: edge.label,
            state: edge.state,
            similarity: edge.similarity,
            shared_terms: edge.sharedTerms,
            created_at: iso(edge.createdAt),
          })),
        drafts: rows.reviewDrafts
          .filter((draft) => draft.sessionId === review.id)
          .map((draft) => ({
            source: draft.source,
            instructions: draft.instructions,
            draft: draft.draft,
            citations: draft.citations,
            created_at: iso(draft.createdAt),
          })),
      })),
    // docs/ideas.md: saved ideas with their novelty checks and plans, as stored.
    ideas: rows.ownIdeas.map((idea) => ({
      id: idea.id,
      topic: idea.topic,
      title: idea.title,
      source: idea.source,
      idea: idea.idea,
      novelty_check: idea.noveltyCheck,
      plan: idea.plan,
      created_at: iso(idea.createdAt),
      expanded_at: iso(idea.expandedAt),
    })),
    paper_comments: rows.ownPaperComments.map((comment) => ({
      id: comment.id,
      platform: comment.platform,
      paper_id: comment.paperId,
      parent_id: comment.parentId,
      content: comment.content,
      created_at: iso(comment.createdAt),
    })),
    folder_comments: rows.ownFolderComments.map((comment) => ({
      id: comment.id,
      folder_id: comment.folderId,
      folder_name: comment.folderName,
      parent_id: comment.parentId,
      content: comment.content,
      created_at: iso(comment.createdAt),
    })),
    shared_folders: rows.ownFolders
      .filter((folder) => folder.type === 'shared')
      .map((folder) => ({
        id: folder.id,
        name: folder.name,
        is_public: folder.isPublic,
        members: membersOf(folder.id),
      })),
    memberships: rows.memberships.map((membership) => ({
      folder_id: membership.folderId,
      folder_name: membership.folderName,
      role: membership.role,
      added_at: iso(membership.createdAt),
    })),
    forum_visits: rows.visits.map((visit) => ({ folder_id: visit.folderId, visited_at: iso(visit.visitedAt) })),
    share_links: rows.shareLinks.map((link) => ({
      share_id: link.shareId,
      created_at: iso(link.createdAt),
      papers: link.papers,
    })),
    contact_messages: rows.contact.map((message) => ({
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      created_at: iso(message.createdAt),
    })),
    page_views: { count: rows.views.count, first_at: iso(rows.views.first), last_at: iso(rows.views.last) },
    paper_clicks: { count: rows.clicks },
  };
}
