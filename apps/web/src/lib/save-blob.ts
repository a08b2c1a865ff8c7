/**
 * Hands `blob` to the browser as a download named `filename`. Used for files whose request must carry
 * X-User-ID (a plain link cannot send the header), so they are fetched first and saved from memory.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The file name a Content-Disposition header gives (RFC 6266): the UTF-8 filename* when present, else
 * the quoted ASCII filename; null when the header names none.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = header.match(/filename\*\s*=\s*UTF-8''([^;]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain filename below still names the file.
    }
  }
  return header.match(/filename\s*=\s*"((?:[^"\\]|\\.)*)"/i)?.[1]?.replace(/\\(.)/g, '$1') ?? null;
}

/**
 * Saves a file answer of the typed client under the name its Content-Disposition gives (else
 * `fallback.filename`). ts-rest hands the body over already read by its content type: a Blob for a
 * binary type, a string for text/*, a parsed value for a JSON type (application/ld+json included), so
 * each is turned back into the file's bytes.
 */
export function saveResponseFile(
  response: { body: unknown; headers: Headers },
  fallback: { type: string; filename: string },
): void {
  const { body } = response;
  const blob =
    body instanceof Blob
      ? body
      : new Blob([typeof body === 'string' ? body : JSON.stringify(body, null, 2)], { type: fallback.type });
  saveBlob(blob, filenameFromDisposition(response.headers.get('content-disposition')) ?? fallback.filename);
}
