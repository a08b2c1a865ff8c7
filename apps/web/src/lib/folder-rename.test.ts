import { describe, expect, it } from 'vitest';
import { decideRename } from './folder-rename';

describe('decideRename (requirements §5 Rename)', () => {
  it('saves a new trimmed name', () => {
    expect(decideRename('Untitled', '  Reading list ')).toEqual({ kind: 'save', name: 'Reading list' });
  });

  it('cancels an empty or blank name', () => {
    expect(decideRename('Untitled', '')).toEqual({ kind: 'cancel' });
    expect(decideRename('Untitled', '   ')).toEqual({ kind: 'cancel' });
  });

  it('cancels an unchanged name, spaces aside', () => {
    expect(decideRename('Untitled', ' Untitled ')).toEqual({ kind: 'cancel' });
  });
});
