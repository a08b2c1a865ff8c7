import type { TErrorCode, TPdfFetchFailureReason } from '@paperbench/contract';
import { AppError } from '../../lib/app-error';
import type { FileStorage, StagedFile } from '../../storage/file-storage';
import { requirePdfMagic } from './pdf-magic';
import { isAllowedPdfUrl } from './pdf-url-policy';

/** Redirects followed per fetch (each hop re-checked against the allow-list). */
const MAX_REDIRECTS = 3;

export interface RemoteFetchOptions {
  origins: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  /** What the messages call each origin ("arXiv"); the origin itself otherwise. */
  hostNames?: ReadonlyMap<string, string>;
}

/**
 * docs/security.md#remote-pdfs: each way a fetch fails has its own status and `details.reason`, so the viewer
 * can say why ("arXiv unreachable" is worth a retry, "not found" is not).
 */
const STATUS_OF_REASON: Record<TPdfFetchFailureReason, TErrorCode> = {
  unreachable: 'BAD_GATEWAY',
  upstream_error: 'BAD_GATEWAY',
  not_found: 'NOT_FOUND',
  too_large: 'PAYLOAD_TOO_LARGE',
  not_pdf: 'UNSUPPORTED_MEDIA_TYPE',
};

function fetchFailure(reason: TPdfFetchFailureReason, message: string, extra: { max_bytes?: number } = {}) {
  return new AppError(STATUS_OF_REASON[reason], message, { reason, ...extra });
}

/** The failures of one fetch, worded with the host's name. */
function failuresOf(url: URL, options: RemoteFetchOptions) {
  const host = options.hostNames?.get(url.origin) ?? url.origin;
  return {
    unreachable: (cause: string) => fetchFailure('unreachable', `${host} unreachable: ${cause} (${url.origin})`),
    upstreamError: (cause: string) =>
      fetchFailure('upstream_error', `Could not fetch the PDF from ${host} (${url.origin}): ${cause}`),
    notFound: (status: number) =>
      fetchFailure('not_found', `${host} has no PDF at ${url.pathname} (the server answered HTTP ${status})`),
    tooLarge: () =>
      fetchFailure(
        'too_large',
        `The PDF from ${host} is larger than ${options.maxBytes} bytes, the limit of the PDF proxy`,
        { max_bytes: options.maxBytes },
      ),
    notPdf: (what: string) =>
      fetchFailure('not_pdf', `${host} answered with ${what}, not a PDF (no %PDF- at its start)`),
  };
}

function describeFailure(error: unknown, url: URL, options: RemoteFetchOptions, signal: AbortSignal): Error {
  if (error instanceof AppError) return error;
  const { unreachable } = failuresOf(url, options);
  if (signal.aborted) return unreachable(`no complete answer within ${options.timeoutMs} ms`);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return unreachable(`connection failed (${detail})`);
}

/**
 * Fetches an allow-listed PDF into staged storage: one time limit for the whole exchange (headers
 * and body), a byte cap enforced while streaming (a lying or absent Content-Length cannot get past
 * it), the `%PDF-` check on the first bytes, and redirects followed by hand so every hop is checked.
 */
export async function fetchRemotePdf(
  start: URL,
  storage: FileStorage,
  options: RemoteFetchOptions,
): Promise<StagedFile> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = start;
  for (let hop = 0; ; hop++) {
    const fail = failuresOf(url, options);
    try {
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'application/pdf', 'user-agent': 'Paperbench PDF proxy' },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) throw fail.upstreamError(`HTTP ${response.status} without a Location`);
        if (hop >= MAX_REDIRECTS) throw fail.upstreamError(`more than ${MAX_REDIRECTS} redirects`);
        const next = new URL(location, url);
        if (!isAllowedPdfUrl(next, options.origins)) {
          throw fail.upstreamError(`redirected to ${next.origin}, a host that is not allowed`);
        }
        url = next;
        continue;
      }
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        throw fail.notFound(response.status);
      }
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel();
        throw fail.upstreamError(`the server answered HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > options.maxBytes) {
        await response.body.cancel();
        throw fail.tooLarge();
      }
      const checked = requirePdfMagic(response.body, {
        empty: () => fail.notPdf('an empty answer'),
        notPdf: () => fail.notPdf(`a file of type ${response.headers.get('content-type') ?? 'unknown'}`),
      });
      return await storage.put(checked, { maxBytes: options.maxBytes, tooLarge: fail.tooLarge });
    } catch (error) {
      throw describeFailure(error, url, options, signal);
    }
  }
}
