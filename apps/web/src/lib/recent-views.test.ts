import { describe, expect, it } from 'vitest';
import { rememberView } from './recent-views';

const keys = (views: { key: string }[]) => views.map((v) => v.key);

describe('rememberView (requirements §9: up to 5 kept-alive views)', () => {
  it('adds new views in first-shown order', () => {
    let views = rememberView([], { key: '/' });
    views = rememberView(views, { key: '/share/a' });
    expect(keys(views)).toEqual(['/', '/share/a']);
  });

  it('keeps the position of a view shown again', () => {
    let views = rememberView([], { key: '/' });
    views = rememberView(views, { key: '/share/a' });
    views = rememberView(views, { key: '/' });
    expect(keys(views)).toEqual(['/', '/share/a']);
  });

  it('drops the least recently shown view beyond the limit', () => {
    let views = ['/', '/share/1', '/share/2', '/share/3', '/share/4'].reduce(
      (acc, key) => rememberView(acc, { key }),
      [] as ReturnType<typeof rememberView<{ key: string }>>,
    );
    views = rememberView(views, { key: '/' });
    views = rememberView(views, { key: '/share/5' });
    expect(keys(views)).toEqual(['/', '/share/2', '/share/3', '/share/4', '/share/5']);
  });
});
