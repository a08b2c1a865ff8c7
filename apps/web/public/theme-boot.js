// docs/reading.md#themes: sets <html data-theme> before the first paint (a blocking script of our own: the CSP
// refuses inline ones). The stored choice wins; with none, the system's preference. src/lib/theme.ts keeps it
// after that, under the same key.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('paperbench.theme');
  } catch {
    // Storage disabled: the system's preference decides.
  }
  const dark = stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
