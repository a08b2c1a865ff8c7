import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';

/**
 * The chat domain (requirements §3 Chat session, §7 Chat): query keys, queries and mutations. A change to a
 * session invalidates `chatKeys.sessions()`; a finished answer also its `chatKeys.messages(id)`.
 */
export const chatKeys = {
  all: ['chat'] as const,
  sessions: () => [...chatKeys.all, 'sessions'] as const,
  messages: (sessionId: number) => [...chatKeys.all, 'messages', sessionId] as const,
  aiStatus: () => [...chatKeys.all, 'ai-status'] as const,
};

/** GET /api/chat/sessions: most recently updated first. */
export function useChatSessionsQuery() {
  return useQuery({
    queryKey: chatKeys.sessions(),
    queryFn: async () => expectStatus(await apiClient.chat.listSessions(), 200).body,
  });
}

/** GET /api/chat/messages?session_id=: oldest first; nothing is read for a chat not yet started. */
export function useChatMessagesQuery(sessionId: number | null) {
  return useQuery({
    queryKey: chatKeys.messages(sessionId ?? 0),
    queryFn: async () =>
      expectStatus(await apiClient.chat.messages({ query: { session_id: sessionId ?? 0 } }), 200).body,
    enabled: sessionId !== null,
  });
}

/** POST /api/chat/sessions: resolves with the new session once the list has been read afresh. */
export function useCreateChatSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => expectStatus(await apiClient.chat.createSession({ body: {} }), 201).body,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.sessions() }),
  });
}

/** POST /api/chat/update_session_title. */
export function useRenameChatSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, title }: { sessionId: number; title: string }) =>
      expectStatus(await apiClient.chat.updateSessionTitle({ body: { session_id: sessionId, title } }), 200).body,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.sessions() }),
  });
}

/** DELETE /api/chat/sessions?session_id=: the session and its messages. */
export function useDeleteChatSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: number) =>
      expectStatus(await apiClient.chat.deleteSession({ query: { session_id: sessionId } }), 200).body,
    onSuccess: (_ok, sessionId) => {
      queryClient.removeQueries({ queryKey: chatKeys.messages(sessionId) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
    },
  });
}

/** GET /api/ai/status: the server's AI mode ('extractive' when no model is configured); it changes only with its configuration. */
export function useAiStatusQuery() {
  return useQuery({
    queryKey: chatKeys.aiStatus(),
    queryFn: async () => expectStatus(await apiClient.ai.status(), 200).body,
    staleTime: 5 * 60_000,
  });
}
