/**
 * requirements §4: a window event fired after papers are attached. It is a signal, not a data path: its one
 * listener (useInvalidateOnPaperAttached in ./api) invalidates the library's queries, and whatever
 * shows folders or files reads afresh.
 */
export const PAPER_ATTACHED_EVENT = 'paper-attached';

export function announcePaperAttached(): void {
  window.dispatchEvent(new Event(PAPER_ATTACHED_EVENT));
}
