import { type RefObject, useEffect, useState } from 'react';

/** 'copied' for a moment after a copy; 'refused' when the clipboard said no and the field was selected instead. */
export type TCopyState = 'idle' | 'copied' | 'refused';

/**
 * Copy a link shown in a read-only field. The clipboard may refuse (no permission, no focus, none at
 * all): then the field's text is selected, for the user to copy by hand. "Copied" is a moment's
 * confirmation; the field keeps the link.
 */
export function useCopyToClipboard(field: RefObject<HTMLInputElement | null>) {
  const [copyState, setCopyState] = useState<TCopyState>('idle');

  useEffect(() => {
    if (copyState !== 'copied') return undefined;
    const timer = window.setTimeout(() => setCopyState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [copyState]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopyState('copied');
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopyState('refused');
    }
  };

  return { copyState, copy };
}
