/**
 * A multipart body built by hand for the upload routes (a PDF upload, its metadata, a review upload, an
 * import, attaching a PDF): ts-rest's own builder JSON-encodes every part that is not a File (a title
 * would arrive as "\"Title\""), while the server reads the parts as plain text. Undefined parts are left out.
 */
export function multipartForm(parts: Record<string, Blob | string | number | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : 'upload.pdf');
    else if (value !== undefined) form.append(key, String(value));
  }
  return form;
}
