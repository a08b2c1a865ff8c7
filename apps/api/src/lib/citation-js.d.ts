/**
 * The part of citation-js (which ships no types) that lib/bibliography.ts uses: a list of CSL-JSON
 * records in, a formatted bibliography out. The BibTeX and RIS plugins register their output formats on
 * import.
 */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: object[], options?: { forceType?: string });
    format(format: 'ris', options: { format: 'object' }): Record<string, string | string[]>[];
    format(format: 'bibtex' | 'ris' | 'data', options?: { format?: 'text' | 'object' }): string;
  }
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
