// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyTheme, readStoredTheme, resolveTheme, storeTheme, THEME_STORAGE_KEY } from './theme';

class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem'> {
  values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
}
const memory = () => new MemoryStorage() as unknown as Storage;

describe('the theme (docs/reading.md#themes)', () => {
  it('follows the system until the user picks, then keeps their choice', () => {
    const storage = memory();
    expect(resolveTheme(readStoredTheme(storage), true)).toBe('dark');
    expect(resolveTheme(readStoredTheme(storage), false)).toBe('light');
    storeTheme('light', storage);
    expect(resolveTheme(readStoredTheme(storage), true)).toBe('light');
    storeTheme('dark', storage);
    expect(resolveTheme(readStoredTheme(storage), false)).toBe('dark');
  });

  it('ignores a stored value it does not know and storage that throws', () => {
    const storage = memory();
    storage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readStoredTheme(storage)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(readStoredTheme(broken)).toBeNull();
    expect(() => storeTheme('dark', broken)).not.toThrow();
  });

  it('sets data-theme on the root', () => {
    const root = document.createElement('html');
    applyTheme('dark', root);
    expect(root.dataset.theme).toBe('dark');
  });
});
