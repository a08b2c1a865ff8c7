import { Icon } from '../ui/icons';
import { useTheme } from './use-theme';

/** docs/reading.md#themes: the header's switch between the light and dark palettes, kept for next time. */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label="Dark theme"
      aria-pressed={isDark}
      title={isDark ? 'Use the light theme' : 'Use the dark theme'}
      onClick={() => setTheme(isDark ? 'light' : 'dark')}
    >
      <Icon name={isDark ? 'sun' : 'moon'} size={18} />
    </button>
  );
}
