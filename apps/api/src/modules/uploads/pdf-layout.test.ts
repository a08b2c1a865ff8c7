import { describe, expect, it } from 'vitest';
import { layoutLines } from './pdf-layout';

/** A pdf.js text run of a 10-point font at (x, y). */
const run = (str: string, x: number, y: number) => ({
  str,
  transform: [10, 0, 0, 10, x, y],
  width: str.length * 5,
  fontName: 'F1',
});

describe('layoutLines', () => {
  it('composes the spacing accents pdf.js gives beside their letters, so an author line reads as printed', () => {
    const lines = layoutLines([run('Radim ', 50, 700), run('ˇ', 80, 700), run('Reh˚uˇrek', 85, 700)]);
    expect(lines.map((line) => line.text)).toEqual(['Radim Řehůřek']);
  });
});
