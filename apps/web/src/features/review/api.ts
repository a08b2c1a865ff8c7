import {
  contract,
  type REVIEW_EXPORT_FORMATS,
  type TChatSessionSummary,
  type TPaperRef,
  type TReviewGraph,
} from '@paperbench/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedFetch } from '../../api/api-fetcher';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { multipartForm } from '../../api/multipart-form';
import { saveBlob } from '../../lib/save-blob';

type TPlatform = TPaperRef['platform'];

/**
 * The review domain (requirements §3 Review-writing session, §7 Review): query keys, queries and mutations.
 * A session's files are its graph's nodes (docs/review.md#graph), so a change to the files reads the
 * graph afresh too; every graph write answers with the whole graph, which replaces the cached one.
 */
export const reviewKeys = {
  all: ['review'] as const,
  sessions: () => [...reviewKeys.all, 'sessions'] as const,
  session: (sessionId: number) => [...reviewKeys.all, 'session', sessionId] as const,
  messages: (sessionId: number) => [...reviewKeys.session(sessionId), 'messages'] as const,
  files: (sessionId: number) => [...reviewKeys.session(sessionId), 'files'] as const,
  graph: (sessionId: number) => [...reviewKeys.session(sessionId), 'graph'] as const,
  target: (sessionId: number) => [...reviewKeys.session(sessionId), 'target'] as const,
  draft: (sessionId: number) => [...reviewKeys.session(sessionId), 'draft'] as const,
};

const invalidateSession = (queryClient: QueryClient, sessionId: number) =>
  queryClient.invalidateQueries({ queryKey: reviewKeys.session(sessionId) });

/** GET /api/review/sessions: most recently updated first. */
export function useReviewSessionsQuery() {
  return useQuery({
    queryKey: reviewKeys.sessions(),
    queryFn: async () => expectStatus(await apiClient.review.listSessions(), 200).body,
  });
}

/** POST /api/review/sessions: resolves with the new session (its summary fields). */
export function useCreateReviewSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<TChatSessionSummary> =>
      expectStatus(await apiClient.review.createSession({ body: {} }), 201).body,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.sessions() }),
  });
}

/** POST /api/review/update_session_title. */
export function useRenameReviewSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, title }: { sessionId: number; title: string }) =>
      expectStatus(await apiClient.review.updateSessionTitle({ body: { session_id: sessionId, title } }), 200).body,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.sessions() }),
  });
}

/** DELETE /api/review/sessions?session_id=: the session with its messages, files, graph and target. */
export function useDeleteReviewSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: number) =>
      expectStatus(await apiClient.review.deleteSession({ query: { session_id: sessionId } }), 200).body,
    onSuccess: (_ok, sessionId) => {
      queryClient.removeQueries({ queryKey: reviewKeys.session(sessionId) });
      return queryClient.invalidateQueries({ queryKey: reviewKeys.sessions() });
    },
  });
}

/** GET /api/review/messages?session_id=: the grounded chat's messages, oldest first. */
export function useReviewMessagesQuery(sessionId: number | null) {
  return useQuery({
    queryKey: reviewKeys.messages(sessionId ?? 0),
    queryFn: async () =>
      expectStatus(await apiClient.review.messages({ query: { session_id: sessionId ?? 0 } }), 200).body,
    enabled: sessionId !== null,
  });
}

/** GET /api/review/sessions/{id}/files. */
export function useReviewFilesQuery(sessionId: number) {
  return useQuery({
    queryKey: reviewKeys.files(sessionId),
    queryFn: async () =>
      expectStatus(await apiClient.review.listSessionFiles({ params: { id: pathSegment(sessionId) } }), 200).body,
  });
}

/** GET /api/review/graph?session_id=. */
export function useReviewGraphQuery(sessionId: number) {
  return useQuery({
    queryKey: reviewKeys.graph(sessionId),
    queryFn: async () => expectStatus(await apiClient.review.getGraph({ query: { session_id: sessionId } }), 200).body,
  });
}

/** GET /api/review/draft?session_id=: the latest stored draft (docs/review.md#writing), null before the first. */
export function useLatestDraftQuery(sessionId: number) {
  return useQuery({
    queryKey: reviewKeys.draft(sessionId),
    queryFn: async () =>
      expectStatus(await apiClient.review.latestDraft({ query: { session_id: sessionId } }), 200).body.draft,
  });
}

/** GET /api/review/target_paper?session_id=: the target with its title, authors and year; null when none is chosen. */
export function useTargetPaperQuery(sessionId: number) {
  return useQuery({
    queryKey: reviewKeys.target(sessionId),
    queryFn: async () =>
      expectStatus(await apiClient.review.getTargetPaper({ query: { session_id: sessionId } }), 200).body.target_paper,
  });
}

/** Papers grouped by platform: add_files takes the ids of one platform per request. */
export function groupByPlatform(papers: readonly TPaperRef[]): [TPlatform, string[]][] {
  const groups = new Map<TPlatform, string[]>();
  for (const paper of papers) groups.set(paper.platform, [...(groups.get(paper.platform) ?? []), paper.paper_id]);
  return [...groups];
}

/** POST /api/review/sessions/{id}/add_files, once per platform; the files (and so the nodes) read afresh. */
export function useAddReviewFilesMutation(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (papers: readonly TPaperRef[]) => {
      for (const [platform, paperIds] of groupByPlatform(papers)) {
        expectStatus(
          await apiClient.review.addSessionFiles({
            params: { id: pathSegment(sessionId) },
            body: { platform, paper_ids: paperIds },
          }),
          200,
        );
      }
    },
    onSettled: () => invalidateSession(queryClient, sessionId),
  });
}

/** POST /api/review/upload (multipart, built by hand: api/multipart-form.ts). */
export function useUploadReviewFileMutation(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = multipartForm({ session_id: sessionId, file });
      return expectStatus(await apiClient.review.upload({ body: form }), 201).body;
    },
    onSettled: () => invalidateSession(queryClient, sessionId),
  });
}

/** DELETE /api/review/sessions/{id}/files/{paper}?platform=: its edges and proposals go with it. */
export function useRemoveReviewFileMutation(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paper: TPaperRef) =>
      expectStatus(
        await apiClient.review.removeSessionFile({
          params: { id: pathSegment(sessionId), fileId: pathSegment(paper.paper_id) },
          query: { platform: paper.platform },
        }),
        204,
      ),
    onSettled: () => invalidateSession(queryClient, sessionId),
  });
}

/** POST /api/review/target_paper (replaces any earlier choice); the target is read again, with its title. */
export function useSetTargetPaperMutation(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paper: TPaperRef) =>
      expectStatus(
        await apiClient.review.setTargetPaper({
          body: { session_id: sessionId, paper_id: paper.paper_id, platform: paper.platform },
        }),
        200,
      ).body,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.target(sessionId) }),
  });
}

/** DELETE /api/review/target_paper?session_id=. */
export function useClearTargetPaperMutation(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      expectStatus(await apiClient.review.clearTargetPaper({ query: { session_id: sessionId } }), 200).body,
    onSuccess: () => queryClient.setQueryData(reviewKeys.target(sessionId), null),
  });
}

/** A graph write: its answer is the whole graph, which replaces the cached one. */
function useGraphMutation<TInput>(sessionId: number, write: (input: TInput) => Promise<TReviewGraph>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (graph) => queryClient.setQueryData(reviewKeys.graph(sessionId), graph),
  });
}

/** POST /api/review/graph/edges: drawing a pair already linked that way relabels it. */
export function useAddEdgeMutation(sessionId: number) {
  return useGraphMutation(
    sessionId,
    async ({ source, target, label }: { source: TPaperRef; target: TPaperRef; label: string }) =>
      expectStatus(await apiClient.review.addGraphEdge({ body: { session_id: sessionId, source, target, label } }), 200)
        .body,
  );
}

/** DELETE /api/review/graph/edges?session_id&edge_id. */
export function useDeleteEdgeMutation(sessionId: number) {
  return useGraphMutation(
    sessionId,
    async (edgeId: number) =>
      expectStatus(await apiClient.review.deleteGraphEdge({ query: { session_id: sessionId, edge_id: edgeId } }), 200)
        .body,
  );
}

/** POST /api/review/graph/complete: the graph is complete and proposals may arrive (never edges). */
export function useCompleteGraphMutation(sessionId: number) {
  return useGraphMutation(
    sessionId,
    async () => expectStatus(await apiClient.review.completeGraph({ body: { session_id: sessionId } }), 200).body,
  );
}

/** POST /api/review/graph/proposals/accept: the proposal becomes an edge. */
export function useAcceptProposalMutation(sessionId: number) {
  return useGraphMutation(
    sessionId,
    async ({ proposalId, label }: { proposalId: number; label: string }) =>
      expectStatus(
        await apiClient.review.acceptProposal({ body: { session_id: sessionId, proposal_id: proposalId, label } }),
        200,
      ).body,
  );
}

/** POST /api/review/graph/proposals/dismiss: the pair is not proposed again. */
export function useDismissProposalMutation(sessionId: number) {
  return useGraphMutation(
    sessionId,
    async (proposalId: number) =>
      expectStatus(
        await apiClient.review.dismissProposal({ body: { session_id: sessionId, proposal_id: proposalId } }),
        200,
      ).body,
  );
}

export type TReviewExportFormat = (typeof REVIEW_EXPORT_FORMATS)[number];

/** The downloads' file names and types (docs/review.md#export). */
export const EXPORT_FILES: Record<TReviewExportFormat, { filename: string; type: string; label: string }> = {
  markdown: { filename: 'related-work.md', type: 'text/markdown', label: 'Markdown' },
  latex: { filename: 'related-work.tex', type: 'application/x-latex', label: 'LaTeX' },
  bibtex: { filename: 'related-work.bib', type: 'application/x-bibtex', label: 'BibTeX' },
};

/**
 * GET /api/review/export?session_id&format: the latest draft, fetched with X-User-ID (a plain link
 * cannot send it) and saved as a file. 404 until a draft has been written.
 */
export function useExportDraftMutation(sessionId: number) {
  return useMutation({
    mutationFn: async (format: TReviewExportFormat) => {
      const query = new URLSearchParams({ session_id: String(sessionId), format });
      const response = await authorizedFetch(`${contract.review.exportDraft.path}?${query}`, {});
      if (!response.ok) throw { status: response.status, body: await response.json().catch(() => null) };
      const file = EXPORT_FILES[format];
      // The server names the file after the session (content-disposition); ours is the fallback.
      const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      saveBlob(new Blob([await response.text()], { type: file.type }), named ?? file.filename);
    },
  });
}
