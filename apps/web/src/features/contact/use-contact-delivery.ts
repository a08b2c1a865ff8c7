import { useQuery } from '@tanstack/react-query';
import { getContactDelivery } from './contact-api';

/** The server's contact delivery; undefined while loading (the page then promises nothing). */
export function useContactDelivery() {
  return useQuery({ queryKey: ['contact', 'status'], queryFn: getContactDelivery, staleTime: 5 * 60_000 }).data;
}
