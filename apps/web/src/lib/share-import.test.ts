import { describe, expect, it } from 'vitest';
import { importNoticeText, needsImportChoice, undoneNoticeText } from './share-import';

describe('shared-list import (requirements §4)', () => {
  it('asks only when the user already has files', () => {
    expect(needsImportChoice(0)).toBe(false);
    expect(needsImportChoice(2)).toBe(true);
  });
});

describe('importNoticeText', () => {
  it('counts the papers added, in the plural and the singular', () => {
    expect(importNoticeText({ attached: 4, already_present: 0, withheld: 0 })).toBe(
      '4 papers from a shared list were added to your File List.',
    );
    expect(importNoticeText({ attached: 1, already_present: 0, withheld: 0 })).toBe(
      '1 paper from a shared list was added to your File List.',
    );
  });

  it('mentions papers already present and uploads withheld', () => {
    expect(importNoticeText({ attached: 2, already_present: 1, withheld: 2 })).toBe(
      '2 papers from a shared list were added to your File List. 1 paper was already there. ' +
        '2 private uploads on the list are not shared with you.',
    );
    expect(importNoticeText({ attached: 0, already_present: 3, withheld: 1 })).toBe(
      'No new papers from the shared list were added to your File List. 3 papers were already there. ' +
        '1 private upload on the list is not shared with you.',
    );
  });

  it('says what Undo removed', () => {
    expect(undoneNoticeText(1)).toBe('Undone: 1 paper was removed from your File List.');
    expect(undoneNoticeText(3)).toBe('Undone: 3 papers were removed from your File List.');
  });
});
