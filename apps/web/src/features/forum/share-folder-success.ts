/**
 * requirements §4 Folder sharing: after sharing, the window event 'share-folder-success' is fired. The one
 * place that names it; useShareFolderMutation fires it once per successful share.
 */
export const SHARE_FOLDER_SUCCESS_EVENT = 'share-folder-success';

export function announceFolderShared(): void {
  window.dispatchEvent(new Event(SHARE_FOLDER_SUCCESS_EVENT));
}
