import { describe, expect, it } from 'vitest';
import { buildUploadBody, checkChosenFile, todayIso, uploadFailureAlert } from './upload-form';

const pdf = new File(['%PDF-1.4'], 'paper.pdf', { type: 'application/pdf' });
const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
const fields = { title: ' T ', authors: '', published: '', abstract: '', file: pdf };

describe('upload form (requirements §5)', () => {
  it('refuses a chosen file that is not a PDF with the alert', () => {
    expect(checkChosenFile(text)).toEqual({ file: null, alert: 'Please choose a PDF file.' });
    expect(checkChosenFile(pdf)).toEqual({ file: pdf, alert: null });
    expect(checkChosenFile(null)).toEqual({ file: null, alert: null });
  });

  it('defaults the published date to 1900-01-01 and trims the text fields', () => {
    expect(buildUploadBody(fields, '2025-06-01')).toEqual({
      ok: true,
      body: { file: pdf, title: 'T', authors: '', published: '1900-01-01', abstract: '' },
    });
  });

  it('accepts today and refuses a later date', () => {
    expect(buildUploadBody({ ...fields, published: '2025-06-01' }, '2025-06-01').ok).toBe(true);
    expect(buildUploadBody({ ...fields, published: '2025-06-02' }, '2025-06-01')).toEqual({
      ok: false,
      alert: 'The published date cannot be later than today.',
    });
  });

  it('proceeds only with a PDF', () => {
    expect(buildUploadBody({ ...fields, file: null }).ok).toBe(false);
    expect(buildUploadBody({ ...fields, file: text }).ok).toBe(false);
  });

  it("formats today in the user's calendar", () => {
    expect(todayIso(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });

  it('builds the failure alert from the server detail, the error message, or the default (requirements §8)', () => {
    const serverError = { status: 415, body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: 'The file is not a PDF.' } };
    expect(uploadFailureAlert(serverError)).toBe('Upload Failed: The file is not a PDF. Please try again.');
    expect(uploadFailureAlert(new Error('Network down'))).toBe('Upload Failed: Network down Please try again.');
    expect(uploadFailureAlert({})).toBe('Upload Failed: Upload failed. Please try again.');
  });
});
