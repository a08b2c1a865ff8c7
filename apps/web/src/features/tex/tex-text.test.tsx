import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TexText } from './tex-text';

describe('TexText', () => {
  it('marks display math apart from inline math (tex.css scrolls each inside its own box)', async () => {
    const { container } = render(
      <p>
        <TexText text={`Inline $x^2$ and a long display $$${'\\frac{a}{b}'.repeat(50)}$$ end.`} />
      </p>,
    );
    // KaTeX is its own chunk, loaded on first need (slow on a cold start).
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2), { timeout: 10_000 });
    const formulas = [...container.querySelectorAll('.tex-math')];
    expect(formulas.map((formula) => formula.className)).toEqual(['tex-math', 'tex-math is-display']);
    expect(formulas[1]?.querySelector('.katex-display')).not.toBeNull();
    expect(formulas[0]?.querySelector('.katex-display')).toBeNull();
  }, 20_000);
});
