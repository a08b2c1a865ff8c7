import type { TPdfFetchFailureReason } from '@paperbench/contract';

/**
 * Why the viewer could not show a PDF (docs/security.md#remote-pdfs). pdf.js cannot read an error's body,
 * only its status, so the proxy gives each reason its own status and this maps it back; the two 502s
 * (unreachable, upstream_error) read the same to a reader: the remote host did not deliver.
 */
export type TPdfLoadFailureKind = Exclude<TPdfFetchFailureReason, 'upstream_error'> | 'generic';

export type TPdfLoadFailure = {
  kind: TPdfLoadFailureKind;
  /** One line: what went wrong, with the host's name when it is someone else's. */
  title: string;
  /** What it means and what to do. */
  detail: string;
};

/** The allowed hosts of the proxy (lib/pdf-source.ts), by the name people know them by. */
const HOST_NAMES: Record<string, string> = {
  'export.arxiv.org': 'arXiv',
  'arxiv.org': 'arXiv',
  'aclanthology.org': 'the ACL Anthology',
};

/** The PDF's host when the viewer reads it through the proxy (/api/pdf-proxy?url=…), or null for our own PDFs. */
export function remoteHostNameOf(viewerUrl: string): string | null {
  try {
    const url = new URL(viewerUrl, 'http://app.invalid');
    if (url.hostname !== 'app.invalid') return HOST_NAMES[url.hostname] ?? url.hostname;
    if (url.pathname !== '/api/pdf-proxy') return null;
    const remote = new URL(url.searchParams.get('url') ?? '');
    return HOST_NAMES[remote.hostname] ?? remote.hostname;
  } catch {
    return null;
  }
}

/** The kind of a pdf.js load error: its ResponseException status, or the bytes not being a PDF. */
function kindOf(error: unknown): TPdfLoadFailureKind {
  const { name, status } = (error ?? {}) as { name?: unknown; status?: unknown };
  if (name === 'InvalidPDFException') return 'not_pdf';
  if (name !== 'ResponseException' || typeof status !== 'number') return 'generic';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 413) return 'too_large';
  if (status === 415) return 'not_pdf';
  if (status === 502 || status === 503 || status === 504) return 'unreachable';
  return 'generic';
}

/** A name at the start of a sentence: "The ACL Anthology", but "arXiv" as it spells itself. */
const capitalized = (name: string) => name.replace(/^the /, 'The ');

/** What the viewer says when `viewerUrl` failed to load with `error` (pdf.js's). */
export function pdfLoadFailureOf(error: unknown, viewerUrl: string): TPdfLoadFailure {
  const kind = kindOf(error);
  const host = remoteHostNameOf(viewerUrl);
  switch (kind) {
    case 'unreachable':
      return {
        kind,
        title: `${capitalized(host ?? 'the server')} unreachable`,
        detail: host
          ? `This PDF is fetched from ${host}, which did not answer. It is usually back within minutes.`
          : 'The server did not answer. Try again in a moment.',
      };
    case 'not_found':
      return {
        kind,
        title: 'PDF not found',
        detail: host
          ? `${capitalized(host)} has no PDF for this paper: it may have been withdrawn, or not be published there yet.`
          : 'This PDF no longer exists, or it is no longer shared with you.',
      };
    case 'too_large':
      return {
        kind,
        title: 'This PDF is too large to open here',
        detail: `It is over the size limit this server sets for PDFs fetched from ${host ?? 'other sites'}. The paper's page links to the original.`,
      };
    case 'not_pdf':
      return {
        kind,
        title: 'This file is not a PDF',
        detail: host
          ? `${capitalized(host)} sent something else, often a page saying the PDF is still being prepared. Try again later.`
          : 'The stored file cannot be read as a PDF.',
      };
    default:
      return {
        kind: 'generic',
        title: 'The PDF could not be loaded',
        detail: "Something went wrong while loading it. Try again, or open the paper's page.",
      };
  }
}
