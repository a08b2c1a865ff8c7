// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readScrollPosition, saveScrollPosition, scrollStorageKey } from './scroll-storage';

describe('scroll storage (requirements §2: per path, in session storage)', () => {
  it('saves and reads a position per path', () => {
    saveScrollPosition('/', 840);
    saveScrollPosition('/search?q=a', 120.6);
    expect(readScrollPosition('/')).toBe(840);
    expect(readScrollPosition('/search?q=a')).toBe(121);
    expect(sessionStorage.getItem(scrollStorageKey('/'))).toBe('840');
  });

  it('has nothing for an unseen path or a corrupt value', () => {
    expect(readScrollPosition('/never')).toBeNull();
    sessionStorage.setItem(scrollStorageKey('/bad'), 'abc');
    expect(readScrollPosition('/bad')).toBeNull();
  });

  it('treats a storage that throws as empty', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(() => saveScrollPosition('/', 10, broken)).not.toThrow();
    expect(readScrollPosition('/', broken)).toBeNull();
  });
});
