import { describe, expect, it } from 'vitest';
import { needsImportChoice } from './share-import';

describe('shared-list import (spec §4)', () => {
  it('asks only when the user already has files', () => {
    expect(needsImportChoice(0)).toBe(false);
    expect(needsImportChoice(2)).toBe(true);
  });
});
