import type { Tx } from '../../db/client';
import {
  sessionsSection,
  subscriptionSection,
  tokensSection,
  topicsSection,
  uploadsSection,
} from './export-account-sections';
import {
  contactMessagesSection,
  ideasSection,
  pageViewsSection,
  paperClicksSection,
  paperCommentsSection,
  shareLinksSection,
} from './export-activity-sections';
import { annotationRepliesSection, annotationsSection } from './export-annotation-sections';
import {
  folderCommentsSection,
  foldersSection,
  forumVisitsSection,
  membershipsSection,
  sharedFoldersSection,
} from './export-folder-sections';
import type { ExportScope, ExportSection } from './export-section';
import { chatSessionsSection, reviewSessionsSection } from './export-session-sections';

/**
 * Every section of the export's `data` (GDPR Art. 15 and 20), in the order the export lists them. Never a
 * token hash, and no other user's id: members appear (by email) only for the caller's own shared folders.
 */
const EXPORT_SECTIONS: readonly ExportSection[] = [
  sessionsSection,
  tokensSection,
  foldersSection,
  uploadsSection,
  topicsSection,
  subscriptionSection,
  chatSessionsSection,
  reviewSessionsSection,
  ideasSection,
  paperCommentsSection,
  folderCommentsSection,
  annotationsSection,
  annotationRepliesSection,
  sharedFoldersSection,
  membershipsSection,
  forumVisitsSection,
  shareLinksSection,
  contactMessagesSection,
  pageViewsSection,
  paperClicksSection,
];

/**
 * How the whole export is read: one read-only REPEATABLE READ transaction, so on
 * PostgreSQL every section (and the BibTeX) sees one snapshot, and a folder listed under `folders` and
 * under `shared_folders` agree even while the caller edits in another tab. PGlite is one session: its
 * transaction is as good.
 */
export const EXPORT_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** The export's `data`: every section read and presented, in order, within the export's transaction. */
export async function readExportData(tx: Tx, scope: ExportScope): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  for (const section of EXPORT_SECTIONS) data[section.name] = await section.readPresented(tx, scope);
  return data;
}
