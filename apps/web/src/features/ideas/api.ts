import type { TIdeaProposal } from '@paperbench/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedFetch } from '../../api/api-fetcher';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';
import { saveBlob } from '../../lib/save-blob';

/** The AI Scientist's data (docs/ideas.md): saved ideas, their plans and exports. */
export const ideaKeys = {
  all: ['ideas'] as const,
  list: () => [...ideaKeys.all, 'list'] as const,
};

/** GET /api/ideas: newest first. */
export function useIdeasQuery() {
  return useQuery({
    queryKey: ideaKeys.list(),
    queryFn: async () => expectStatus(await apiClient.ideas.list(), 200).body.ideas,
  });
}

/** POST /api/ideas/expand: the plan, saved with the idea. */
export function useExpandIdeaMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => expectStatus(await apiClient.ideas.expand({ body: { id } }), 200).body,
    onSuccess: (expanded) =>
      queryClient.setQueryData<TIdeaProposal[]>(ideaKeys.list(), (ideas) =>
        ideas?.map((idea) => (idea.id === expanded.id ? expanded : idea)),
      ),
  });
}

/** DELETE /api/ideas/{id}. */
export function useDeleteIdeaMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => expectStatus(await apiClient.ideas.delete({ params: { id } }), 200).body,
    onSuccess: (_ok, id) =>
      queryClient.setQueryData<TIdeaProposal[]>(ideaKeys.list(), (ideas) => ideas?.filter((idea) => idea.id !== id)),
  });
}

/** GET /api/ideas/{id}/export, fetched with X-User-ID and saved under the server's file name. */
export function useExportIdeaMutation() {
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await authorizedFetch(`/api/ideas/${id}/export`, { headers: { accept: 'text/markdown' } });
      if (!response.ok) throw { status: response.status, body: await response.json().catch(() => null) };
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `idea-${id}.md`;
      saveBlob(new Blob([await response.text()], { type: 'text/markdown' }), filename);
    },
  });
}
