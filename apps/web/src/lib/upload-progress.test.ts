import { describe, expect, it } from 'vitest';
import { failureText, isPdfFile, titleFromFileName } from './upload-progress';

describe('drop upload texts (requirements §4, §5)', () => {
  it('cuts the failure reason at 30 characters', () => {
    expect(failureText('The file is not a PDF document at all, sorry')).toBe(
      '✗ Failed: The file is not a PDF document...',
    );
    expect(failureText('short')).toBe('✗ Failed: short...');
  });

  it('keeps PDFs by MIME type or by name', () => {
    expect(isPdfFile({ name: 'a.bin', type: 'application/pdf' })).toBe(true);
    expect(isPdfFile({ name: 'Paper.PDF', type: '' })).toBe(true);
    expect(isPdfFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });

  it('titles a dropped file by its name without .pdf', () => {
    expect(titleFromFileName('literature-graph.pdf')).toBe('literature-graph');
    expect(titleFromFileName('A.PDF')).toBe('A');
    expect(titleFromFileName('no-extension')).toBe('no-extension');
  });
});
