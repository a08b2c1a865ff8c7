// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { wrapMarkers } from '../references/marker-spans';
import { pageRangeOf } from './text-layer-range';

/** A text layer like pdf.js draws it: a span per item, a <br> after each line end. */
function layerOf(items: { str: string; hasEOL: boolean }[]) {
  const container = document.createElement('div');
  const textDivs = items.map((item) => {
    const span = document.createElement('span');
    span.textContent = item.str;
    container.append(span);
    if (item.hasEOL) container.append(document.createElement('br'));
    return span;
  });
  document.body.replaceChildren(container);
  return { container, layer: { textDivs, items } };
}

const textOf = (found: ReturnType<typeof pageRangeOf>) => found?.page.text.slice(found.start, found.end);

const items = [
  { str: ' Deep learning', hasEOL: true },
  { str: 'works [12] well.', hasEOL: false },
];

describe('pageRangeOf', () => {
  it('maps a selection inside one span', () => {
    const { layer } = layerOf(items);
    const range = document.createRange();
    const text = layer.textDivs[0]?.firstChild as Text;
    range.setStart(text, 6);
    range.setEnd(text, 14);
    const found = pageRangeOf(range, layer);
    expect(textOf(found)).toBe('learning');
    expect(found).toMatchObject({ start: 5, end: 13 });
  });

  it('maps a selection across spans and a line break, ending on an element boundary', () => {
    const { container, layer } = layerOf(items);
    const range = document.createRange();
    range.setStart(layer.textDivs[0]?.firstChild as Text, 1);
    range.setEnd(container, container.childNodes.length);
    const found = pageRangeOf(range, layer);
    expect(textOf(found)).toBe('Deep learning\nworks [12] well.');
  });

  it('counts through citation markers that split a span', () => {
    const { layer } = layerOf(items);
    wrapMarkers(layer.textDivs as HTMLElement[], items, [{ char_start: 20, char_end: 24 } as never], () => 'c');
    const marker = layer.textDivs[1]?.querySelector('span')?.firstChild as Text;
    const tail = layer.textDivs[1]?.lastChild as Text;
    const range = document.createRange();
    range.setStart(marker, 1);
    range.setEnd(tail, 5);
    const found = pageRangeOf(range, layer);
    expect(textOf(found)).toBe('12] well');
  });

  it('is null for a range outside the layer', () => {
    const { layer } = layerOf(items);
    const outside = document.createElement('p');
    outside.textContent = 'elsewhere';
    document.body.append(outside);
    const range = document.createRange();
    range.selectNodeContents(outside);
    expect(pageRangeOf(range, layer)).toBeNull();
  });
});
