import type { TCreateAnnotationRequest } from '@paperbench/contract';
import { AppError } from '../../lib/app-error';

/**
 * docs/annotations.md#bounds: once the paper's text is extracted, a mark must lie within it: its page
 * within the page count, its position within that page's text. Before extraction only the contract's
 * own bounds hold (the web marks what pdf.js shows; the list re-anchors once the text is known).
 */
export function requireWithinPageText(
  request: Pick<TCreateAnnotationRequest, 'page' | 'position'>,
  texts: { pageCount: number | null; pages: string[] | null } | null,
): void {
  if (texts === null) return;
  const { page, position } = request;
  if (texts.pageCount !== null && page > texts.pageCount) {
    throw new AppError(
      'INVALID_REQUEST',
      `page ${page} is not in this paper: it has ${texts.pageCount} page${texts.pageCount === 1 ? '' : 's'}`,
    );
  }
  const pageText = texts.pages?.[page - 1];
  if (position && pageText !== undefined && position.end > pageText.length) {
    throw new AppError(
      'INVALID_REQUEST',
      `position ${position.start}-${position.end} lies outside page ${page}, whose extracted text is ${pageText.length} characters long`,
    );
  }
}
