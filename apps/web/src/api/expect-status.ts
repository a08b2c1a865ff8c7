/**
 * Narrows a ts-rest answer to the statuses the caller expects, typed by the contract (no casts at
 * the call site): `expectStatus(await apiClient.folders.create({ body }), 201).body` is a TFolder.
 * Any other answer is thrown as is, so parseApiError() reads its {error, message} (requirements §8: failures
 * are rethrown to the caller).
 */
export function expectStatus<TResponse extends { status: number }, TStatus extends TResponse['status']>(
  response: TResponse,
  ...expected: [TStatus, ...TStatus[]]
): Extract<TResponse, { status: TStatus }> {
  if (!expected.some((status) => status === response.status)) throw response;
  return response as Extract<TResponse, { status: TStatus }>;
}

/** The ts-rest client does not URL-encode path params; arXiv ids such as math/0601001 contain '/'. */
export const pathSegment = (value: string | number) => encodeURIComponent(String(value));
