import { useMemo, useState } from 'react';
import { useTheme } from '../theme/use-theme';

export type TPageColors = { background: string; foreground: string };

/** The colours pdf.js draws dark pages with: styles/tokens.css's --dark-page-background and --dark-page-ink. */
function darkPageColors(): TPageColors {
  const style = getComputedStyle(document.documentElement);
  return {
    background: style.getPropertyValue('--dark-page-background').trim() || '#1c1f26',
    foreground: style.getPropertyValue('--dark-page-ink').trim() || '#e3e6ea',
  };
}

/**
 * docs/reading.md#dark-pages: pages drawn light on dark by pdf.js (pageColors recolours text and vector
 * paths; images keep their colours, unlike a CSS invert). On by default with the dark theme, until toggled.
 */
export function useDarkPages(): { isOn: boolean; toggle: () => void; pageColors: TPageColors | undefined } {
  const [theme] = useTheme();
  const [choice, setChoice] = useState<boolean | null>(null);
  const isOn = choice ?? theme === 'dark';
  // One object per setting (and theme), so the pages redraw when it changes, not on every render.
  const pageColors = useMemo(() => (isOn && theme ? darkPageColors() : undefined), [isOn, theme]);
  return { isOn, toggle: () => setChoice(!isOn), pageColors };
}
