/**
 * requirements §7 "The calls it makes", one row per endpoint, method and path exactly as the spec writes them
 * ({param} placeholders, trailing slashes kept). contract.test.ts checks the router against this table.
 */
export const SPEC_ENDPOINTS = [
  // Identity and metrics
  ['POST', '/api/user/get_id'],
  ['POST', '/api/auth/google-login'],
  ['POST', '/api/metrics/track'],
  ['GET', '/api/metrics/site-metric'],
  // Papers and search
  ['GET', '/api/papers'],
  ['GET', '/api/papers/count'],
  ['POST', '/api/papers/click/{id}'],
  ['POST', '/api/search/'],
  ['POST', '/api/search-summary/'],
  ['POST', '/api/improved-conversational/search'],
  ['POST', '/api/improved-conversational/analyze-paper'],
  ['POST', '/api/improved-grant-search/search'],
  ['GET', '/api/conversational/search_suggestions'],
  // Folders and files
  ['GET', '/api/folders'],
  ['POST', '/api/folders/'],
  ['PATCH', '/api/folders/rename'],
  ['DELETE', '/api/folders/{id}'],
  ['GET', '/api/folders/{id}/files'],
  ['POST', '/api/folders/{id}/files'],
  ['DELETE', '/api/folders/{id}/files/{fileId}'],
  ['GET', '/api/folders/{id}/summary'],
  ['POST', '/api/folders/{id}/summary/regenerate'],
  ['POST', '/api/upload/'],
  // Sharing and forum
  ['POST', '/api/share'],
  ['GET', '/api/share/{id}'],
  ['POST', '/api/forum/'],
  ['GET', '/api/forum/'],
  ['DELETE', '/api/forum/{id}'],
  ['GET', '/api/forum/{id}/permission'],
  ['GET', '/api/forum/{id}/mode'],
  ['PATCH', '/api/forum/{id}/mode'],
  ['POST', '/api/forum/{id}/add_user'],
  ['PATCH', '/api/forum/{id}/update_user_role'],
  ['DELETE', '/api/forum/{id}/remove_user'],
  // Chat
  ['POST', '/api/chat/attach_paper'],
  ['POST', '/api/chat/process_embeddings'],
  ['GET', '/api/chat/files'],
  ['DELETE', '/api/chat/files/delete/{id}'],
  ['POST', '/api/chat/files/clear'],
  ['POST', '/api/chat/get_paper'],
  ['GET', '/api/chat/sessions'],
  ['POST', '/api/chat/sessions'],
  ['DELETE', '/api/chat/sessions'],
  ['GET', '/api/chat/messages'],
  ['POST', '/api/chat/update_session_title'],
  ['POST', '/api/chat/update_file_selection'],
  ['POST', '/api/chat/stream_chat'],
  // Review
  ['POST', '/api/review/chat_rwg'],
  ['POST', '/api/review/stream_rws'],
  ['GET', '/api/review/sessions'],
  ['POST', '/api/review/sessions'],
  ['DELETE', '/api/review/sessions'],
  ['GET', '/api/review/messages'],
  ['POST', '/api/review/update_session_title'],
  ['GET', '/api/review/graph'],
  ['POST', '/api/review/graph/nodes'],
  ['POST', '/api/review/graph/edges'],
  ['DELETE', '/api/review/graph/edges'],
  ['POST', '/api/review/graph/complete'],
  ['POST', '/api/review/upload'],
  ['GET', '/api/review/sessions/{id}/files'],
  ['DELETE', '/api/review/sessions/{id}/files/{fileId}'],
  ['POST', '/api/review/sessions/{id}/add_files'],
  ['POST', '/api/review/target_paper'],
  ['GET', '/api/review/target_paper'],
  ['DELETE', '/api/review/target_paper'],
  // Comments, topics, other
  ['GET', '/api/comments/shared/{folderId}'],
  ['POST', '/api/comments/shared'],
  ['DELETE', '/api/comments/shared/{id}'],
  ['GET', '/api/comments/paper/{paperId}'],
  ['POST', '/api/comments/paper'],
  ['DELETE', '/api/comments/paper/{id}'],
  ['GET', '/api/topics'],
  ['POST', '/api/topics'],
  ['DELETE', '/api/topics/{topic}'],
  ['POST', '/api/contact'],
  ['GET', '/api/recommendations/user'],
  ['GET', '/api/recommendations/folder/{id}'],
  ['POST', '/api/ideas/generate'],
  ['POST', '/api/ideas/stream_generate'],
  ['POST', '/api/ideas/expand'],
] as const satisfies ReadonlyArray<readonly [string, string]>;

/**
 * Routes the contract serves beyond requirements §7, each with the issue that added it. Every route must be
 * in SPEC_ENDPOINTS or here.
 */
export const EXTENSIONS: ReadonlyArray<readonly [method: string, path: string]> = [
  // docs/security.md#openid-connect: sign-in with the OpenID Connect provider (start, redirect, callback, hand-off).
  ['POST', '/api/auth/oidc/start'],
  ['GET', '/api/auth/oidc/login'],
  ['GET', '/api/auth/oidc/callback'],
  ['POST', '/api/auth/oidc/complete'],
  // The PDF viewer reads uploaded PDFs and remote PDFs same-origin, with range requests.
  ['GET', '/api/uploads/{paperId}/pdf'],
  ['GET', '/api/pdf-proxy'],
  // Shared-list import: the link grants the importer the sharer's uploads, which attach_paper refuses.
  ['POST', '/api/share/{id}/import'],
  // The search page's category filter lists the archives the corpus actually holds.
  ['GET', '/api/search/categories'],
  // The Paper Monitor's and the Daily Feed's calls (the spec shows the pages, not their calls).
  ['GET', '/api/monitor'],
  ['POST', '/api/monitor/seen'],
  ['GET', '/api/feed/daily'],
  // The /subscription page's calls (double opt-in digests; the spec shows the page only).
  ['GET', '/api/subscription'],
  ['PUT', '/api/subscription'],
  ['DELETE', '/api/subscription'],
  ['POST', '/api/subscription/resend'],
  ['POST', '/api/subscription/confirm'],
  // The List-Unsubscribe one-click target of every digest mail (RFC 8058).
  ['POST', '/api/subscription/unsubscribe'],
  // docs/security.md#mail: the contact page's honest delivery text, and the operator's reading of stored messages.
  ['GET', '/api/contact/status'],
  ['GET', '/api/operator/messages'],
  // docs/security.md#sessions: server-side logout, and signed short-lived URLs of uploaded PDFs instead of ?uid=.
  ['POST', '/api/auth/logout'],
  ['GET', '/api/uploads/{paperId}/pdf-url'],
  // docs/security.md#taking-things-back: owners take things back.
  ['DELETE', '/api/uploads/{paperId}'],
  // docs/uploads.md#metadata-from-the-pdf: the upload dialog pre-fills its fields from the chosen PDF.
  ['POST', '/api/upload/metadata'],
  ['DELETE', '/api/share/{id}'],
  // docs/ai.md: whether answers come from a model or are extractive, so the UI labels them honestly.
  ['GET', '/api/ai/status'],
  // docs/ai.md#scorecard: how the configured model did in the last `pnpm eval`, before a user trusts it.
  ['GET', '/api/ai/scorecard'],
  // docs/ingest.md#freshness: the corpus's size and freshness, so "recent" lists say when they are a frozen sample.
  ['GET', '/api/corpus/status'],
  // docs/references.md#routes: a paper's parsed reference list, its in-text markers, and the papers citing it.
  ['GET', '/api/papers/{id}/references'],
  ['GET', '/api/papers/{id}/citation-markers'],
  ['GET', '/api/papers/{id}/citations'],
  // README#google-sign-in: whether the header offers sign-in, and where the identity-provider script loads from.
  ['GET', '/api/auth/config'],
  // The /rwf/{folderId} page: one shared folder (its name, mode, abilities, and members for managers).
  ['GET', '/api/forum/{id}'],
  // The /profile page: who I am, my data as JSON and BibTeX, and deleting my account.
  ['GET', '/api/profile'],
  ['GET', '/api/profile/export'],
  ['GET', '/api/profile/library.bib'],
  ['GET', '/api/profile/library.json'],
  ['DELETE', '/api/profile'],
  // The File List's folder menu: a folder's papers as BibTeX or RIS.
  ['GET', '/api/folders/{id}/export'],
  // docs/import-export.md: bibliographies and Zotero libraries imported into a folder; a PDF attached later.
  ['POST', '/api/folders/{id}/import'],
  ['POST', '/api/folders/{id}/import/zotero'],
  ['PUT', '/api/uploads/{paperId}/pdf'],
  // docs/ideas.md: saved ideas are listed, deleted and exported as Markdown.
  ['GET', '/api/ideas'],
  ['DELETE', '/api/ideas/{id}'],
  ['GET', '/api/ideas/{id}/export'],
  // docs/review.md#export: a review session's latest related-work draft as Markdown, LaTeX or BibTeX.
  ['GET', '/api/review/export'],
  // docs/review.md#writing: a reopened review session shows its latest draft.
  ['GET', '/api/review/draft'],
  // docs/review.md#graph: edges proposed when a graph is completed are the user's to accept or dismiss.
  ['POST', '/api/review/graph/proposals/accept'],
  ['POST', '/api/review/graph/proposals/dismiss'],
  // docs/annotations.md: a reader's highlights, underlines, notes and area marks, their counts and export.
  ['GET', '/api/annotations'],
  ['GET', '/api/annotations/counts'],
  ['GET', '/api/annotations/export'],
  ['POST', '/api/annotations'],
  ['PATCH', '/api/annotations/{id}'],
  ['DELETE', '/api/annotations/{id}'],
  ['GET', '/api/annotations/{id}/replies'],
  ['POST', '/api/annotations/{id}/replies'],
  ['DELETE', '/api/annotations/replies/{id}'],
  ['PATCH', '/api/annotations/{id}/thread'],
  ['POST', '/api/annotations/{id}/read'],
  ['GET', '/api/annotations/unread'],
  // docs/reading.md#resume-reading: where the reader left a paper, on any device.
  ['GET', '/api/reading-position'],
  ['PUT', '/api/reading-position'],
  // docs/security.md#personal-access-tokens: credentials for scripts and AI assistants.
  ['POST', '/api/tokens'],
  ['GET', '/api/tokens'],
  ['DELETE', '/api/tokens/{id}'],
  // docs/deploy.md#the-admin-page: users, quotas, the work queue, the corpus, AI, backups and the audit log.
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users/{id}/disable'],
  ['POST', '/api/admin/users/{id}/enable'],
  ['DELETE', '/api/admin/users/{id}'],
  ['GET', '/api/admin/usage'],
  ['GET', '/api/admin/queue'],
  ['POST', '/api/admin/queue/{id}/retry'],
  ['POST', '/api/admin/queue/{id}/discard'],
  ['GET', '/api/admin/corpus'],
  ['POST', '/api/admin/corpus/harvest'],
  ['GET', '/api/admin/ai'],
  ['GET', '/api/admin/backups'],
  ['GET', '/api/admin/backups/{name}'],
  ['POST', '/api/admin/backups/{name}/verify'],
  ['GET', '/api/admin/audit'],
];

/** '/api/folders/{id}/files/{fileId}' → '/api/folders/:id/files/:fileId' (ts-rest's syntax). */
export const toRoutePath = (specPath: string): string => specPath.replace(/\{(\w+)\}/g, ':$1');
