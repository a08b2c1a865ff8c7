/** requirements §9: a success entry is removed after 2000 ms, a failure entry after 5000 ms. */
export const SUCCESS_ENTRY_MS = 2000;
export const FAILURE_ENTRY_MS = 5000;
/** requirements §9: the failure reason is cut at 30 characters. */
export const FAILURE_REASON_LENGTH = 30;

export const UPLOADING_TEXT = 'Uploading...';
export const SUCCESS_TEXT = '✓ Success';
/** docs/security.md#uploads-of-the-same-bytes: the server answered with the user's earlier upload of the same file. */
export const ALREADY_UPLOADED_TEXT = '✓ Already in your library';

/** requirements §4 Drop upload: '✗ Failed: {first 30 characters of the reason}...'. */
export function failureText(reason: string): string {
  return `✗ Failed: ${reason.slice(0, FAILURE_REASON_LENGTH)}...`;
}

/** requirements §5 Drop: only PDFs are kept — MIME type application/pdf or a name ending .pdf. */
export function isPdfFile(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
}

/** requirements §5 Drop: the title is the file name without .pdf. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.pdf$/i, '');
}
