import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('leaves text without links as one text segment', () => {
    expect(linkify('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
  });

  it('returns nothing for empty text', () => {
    expect(linkify('')).toEqual([]);
  });

  it('turns http and https URLs into links, keeping the text around them', () => {
    expect(linkify('see https://arxiv.org/abs/1706.03762 and http://example.com/a?b=1#c now')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://arxiv.org/abs/1706.03762', href: 'https://arxiv.org/abs/1706.03762' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://example.com/a?b=1#c', href: 'http://example.com/a?b=1#c' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('never links javascript:, data: or other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      'vbscript:msgbox(1)',
    ]) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('does not link a javascript: URL hidden after http text', () => {
    const segments = linkify('javascript:https://example.com');
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.kind === 'link' && s.href)).toEqual([
      'https://example.com/',
    ]);
    expect(segments[0]).toEqual({ kind: 'text', text: 'javascript:' });
  });

  it('drops trailing sentence punctuation from a link', () => {
    expect(linkify('Read https://example.com/paper.')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.com/paper', href: 'https://example.com/paper' },
      { kind: 'text', text: '.' },
    ]);
    expect(linkify('https://example.com/x, https://example.org!?').map((s) => s.text)).toEqual([
      'https://example.com/x',
      ', ',
      'https://example.org',
      '!?',
    ]);
  });

  it('drops an unbalanced closing bracket but keeps a balanced one', () => {
    expect(linkify('(see https://example.com/a)').map((s) => s.text)).toEqual(['(see ', 'https://example.com/a', ')']);
    expect(linkify('https://en.wikipedia.org/wiki/Transformer_(model).').map((s) => s.text)).toEqual([
      'https://en.wikipedia.org/wiki/Transformer_(model)',
      '.',
    ]);
  });

  it('stops a link at quotes and angle brackets', () => {
    expect(linkify('<https://example.com/a>"https://example.org/b"').map((s) => s.text)).toEqual([
      '<',
      'https://example.com/a',
      '>"',
      'https://example.org/b',
      '"',
    ]);
  });

  it('leaves a scheme with no host as text', () => {
    expect(linkify('https:// nothing')).toEqual([{ kind: 'text', text: 'https:// nothing' }]);
  });
});
