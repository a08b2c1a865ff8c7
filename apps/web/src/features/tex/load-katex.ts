import { useEffect, useState } from 'react';

type TKatex = typeof import('katex')['default'];

let loadedKatex: TKatex | null = null;
let pendingKatex: Promise<TKatex> | null = null;

/** KaTeX and its stylesheet, fetched once on first need: they are not part of the first paint. */
function loadKatex(): Promise<TKatex> {
  pendingKatex ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([module]) => {
    loadedKatex = module.default;
    return module.default;
  });
  return pendingKatex;
}

/** KaTeX once loaded, or null (render plain text meanwhile). Loads only when `isNeeded`. */
export function useKatex(isNeeded: boolean): TKatex | null {
  const [katex, setKatex] = useState(loadedKatex);
  useEffect(() => {
    if (!isNeeded || katex) return undefined;
    let isCurrent = true;
    loadKatex().then(
      (module) => isCurrent && setKatex(module),
      (error: unknown) => console.error('Could not load KaTeX; math stays as TeX source.', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [isNeeded, katex]);
  return katex;
}
