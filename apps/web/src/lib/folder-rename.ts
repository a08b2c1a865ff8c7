export type TRenameDecision = { kind: 'cancel' } | { kind: 'save'; name: string };

/** requirements §5 Rename: the trimmed name must be non-empty and different; otherwise editing just ends. */
export function decideRename(currentName: string, draft: string): TRenameDecision {
  const name = draft.trim();
  if (!name || name === currentName) return { kind: 'cancel' };
  return { kind: 'save', name };
}
