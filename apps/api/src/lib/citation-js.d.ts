/**
 * The part of citation-js (which ships no types) that lib/bibliography.ts uses: a list of CSL-JSON
 * records in, a formatted bibliography out; and for imports, BibTeX and RIS in, CSL-JSON out. The BibTeX and RIS plugins register their output formats on
 * import.
 */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: object[], options?: { forceType?: string });
    format(format: 'ris', options: { format: 'object' }): Record<string, string | string[]>[];
    format(format: 'bibtex' | 'ris' | 'data', options?: { format?: 'text' | 'object' }): string;
  }
  /** The input side, for imports (modules/folders/import): one parsing step, or the whole chain to CSL-JSON. */
  export const plugins: {
    input: {
      chain(input: unknown, options: { generateGraph?: boolean; forceType?: string }): unknown[];
      chainLink(input: unknown, options?: { forceType?: string }): unknown;
    };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
