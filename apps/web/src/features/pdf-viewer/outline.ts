/*
 * docs/reading.md#outline: the PDF's own table of contents (its outline, or bookmarks), each entry resolved to
 * a page and, when the destination says so, the height on that page it points at.
 */

/** What pdf.js's getOutline() gives (the fields used here). */
export type TRawOutlineItem = { title: string; dest: string | unknown[] | null; items: TRawOutlineItem[] };

/** The slice of PDFDocumentProxy resolution needs (a fake in tests). */
export type TOutlineDoc = {
  getOutline: () => Promise<TRawOutlineItem[] | null>;
  getDestination: (id: string) => Promise<unknown[] | null>;
  getPageIndex: (ref: { num: number; gen: number }) => Promise<number>;
};

export type TOutlineNode = {
  title: string;
  /** 1-based; null when the entry points nowhere in this document (a link out, a broken destination). */
  page: number | null;
  /** The destination's top in PDF units (from the page's bottom); null: the top of the page. */
  top: number | null;
  children: TOutlineNode[];
};

const isRef = (value: unknown): value is { num: number; gen: number } =>
  typeof value === 'object' && value !== null && 'num' in value && 'gen' in value;

/**
 * The top of an explicit destination ([page, {name}, ...args], PDF 32000 §12.3.2.2): XYZ left top zoom,
 * FitH/FitBH top, FitR left bottom right top. Other kinds (Fit, FitV...) show the whole page: null.
 */
export function destinationTop(dest: readonly unknown[]): number | null {
  const kind = (dest[1] as { name?: string } | undefined)?.name;
  const at =
    kind === 'XYZ' ? dest[3] : kind === 'FitH' || kind === 'FitBH' ? dest[2] : kind === 'FitR' ? dest[5] : null;
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}

/** An entry's destination as page and top; a named destination is looked up first. */
export async function resolveDestination(
  doc: TOutlineDoc,
  dest: TRawOutlineItem['dest'],
): Promise<{ page: number | null; top: number | null }> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit)) return { page: null, top: null };
    const target = explicit[0];
    const index = isRef(target) ? await doc.getPageIndex(target) : typeof target === 'number' ? target : null;
    return { page: index === null ? null : index + 1, top: destinationTop(explicit) };
  } catch {
    // A destination pointing at a missing object: the entry is kept, without a page.
    return { page: null, top: null };
  }
}

/** The whole outline resolved, nested as in the PDF; [] when the PDF has none. */
export async function resolveOutline(doc: TOutlineDoc): Promise<TOutlineNode[]> {
  const resolveAll = (items: readonly TRawOutlineItem[]): Promise<TOutlineNode[]> =>
    Promise.all(
      items.map(async (item) => ({
        title: item.title.trim() || 'Untitled',
        ...(await resolveDestination(doc, item.dest)),
        children: await resolveAll(item.items ?? []),
      })),
    );
  return resolveAll((await doc.getOutline()) ?? []);
}

/** The entries in reading order with their depth (0 at the top level): the outline's own order, flat. */
export function flattenOutline(nodes: readonly TOutlineNode[], depth = 0): { node: TOutlineNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenOutline(node.children, depth + 1)]);
}

/** The entry the reader is in: the last one, in reading order, that starts on or before the page. */
export function currentOutlineNode(nodes: readonly TOutlineNode[], page: number): TOutlineNode | null {
  const started = flattenOutline(nodes).filter(({ node }) => node.page !== null && node.page <= page);
  return started.at(-1)?.node ?? null;
}

/** Where on its page (0 top, 1 bottom) a destination's top is, from its y in viewport pixels at scale 1. */
export function topFraction(viewportY: number, pageHeight: number): number {
  if (!(pageHeight > 0)) return 0;
  return Math.min(1, Math.max(0, viewportY / pageHeight));
}
