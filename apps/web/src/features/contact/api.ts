import type { TContactMessage } from '@paperbench/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';

/** The contact domain (requirements §7 POST /api/contact): its query key, query and mutation. */
export const contactKeys = {
  all: ['contact'] as const,
  delivery: () => [...contactKeys.all, 'delivery'] as const,
};

/** docs/security.md#mail: how this server delivers contact messages (mailed, or stored only). */
export const contactDeliveryQuery = () =>
  queryOptions({
    queryKey: contactKeys.delivery(),
    queryFn: async () => expectStatus(await apiClient.contact.status(), 200).body.delivery,
    staleTime: 5 * 60_000,
  });

/** The server's contact delivery; no data while loading (the page then promises nothing). */
export function useContactDeliveryQuery() {
  return useQuery(contactDeliveryQuery());
}

/** Feedback to the people who run this server; resolves with how it was delivered. */
export function useSendContactMessageMutation() {
  return useMutation({
    mutationFn: async (body: TContactMessage) =>
      expectStatus(await apiClient.contact.send({ body }), 201).body.delivery,
  });
}
