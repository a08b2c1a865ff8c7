import { describe, expect, it } from 'vitest';
import { needsImportChoice, planImport } from './share-import';

const a = { paper_id: '1706.03762', platform: 'arxiv' };
const b = { paper_id: 'math/0601001', platform: 'arxiv' };
const c = { paper_id: 'up_1', platform: 'upload' };
const aAsAcl = { paper_id: '1706.03762', platform: 'acl' };

describe('shared-list import (spec §4)', () => {
  it('asks only when the user already has files', () => {
    expect(needsImportChoice(0)).toBe(false);
    expect(needsImportChoice(2)).toBe(true);
  });

  it('Replace clears first and attaches every shared paper', () => {
    expect(planImport('replace', [a, c], [a, b])).toEqual({ clearFirst: true, attach: [a, b] });
  });

  it('Merge attaches only papers not already present (by platform and id)', () => {
    expect(planImport('merge', [a, c], [a, b, aAsAcl])).toEqual({ clearFirst: false, attach: [b, aAsAcl] });
  });

  it('attaches a paper listed twice once', () => {
    expect(planImport('merge', [], [b, b])).toEqual({ clearFirst: false, attach: [b] });
  });
});
