import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PaperbenchClient } from '@paperbench/client';
import type { TPaperRef } from '@paperbench/contract';
import { z } from 'zod';
import { MAX_CHARS, MAX_ITEMS } from '../limits';
import { expectStatus, runTool, ToolFailure, textResult } from '../tool-result';
import { paperRefShape } from './get-paper';

/** What a CSL-JSON record of the library export says that identifies its paper (lib/bibliography.ts). */
interface CslRecord {
  id: string;
  title?: string;
  DOI?: string;
  note?: string;
}

/** A BibTeX file's entries, each whole, by citation key. */
function bibtexEntries(file: string): { key: string; text: string }[] {
  return file
    .split(/\n(?=@)/)
    .map((text) => text.trim())
    .filter((text) => text.startsWith('@'))
    .map((text) => ({ key: /^@\w+\{([^,\s]+),/.exec(text)?.[1] ?? '', text }));
}

/**
 * Whole entries up to MAX_CHARS (an entry is never cut); what is left out is said in a BibTeX comment
 * line (`%`), so the answer stays a valid .bib file.
 */
function boundedBibtex(entries: readonly string[], notes: readonly string[]): string {
  const kept: string[] = [];
  let length = 0;
  for (const entry of entries) {
    if (length + entry.length + 2 > MAX_CHARS) break;
    kept.push(entry);
    length += entry.length + 2;
  }
  const comments = [...notes];
  if (kept.length < entries.length) {
    comments.push(
      `showing ${kept.length} of ${entries.length} entries (cut at ${MAX_CHARS} characters); export fewer papers at a time`,
    );
  }
  if (kept.length === 0 && entries.length === 0) comments.push('no entries');
  return [...comments.map((note) => `% ${note}`), ...kept].join('\n\n');
}

/**
 * The library's entries of the given papers: GET /api/profile/library.bib beside library.json (the same
 * papers in the same order, so the same citation keys), matched by arXiv id, else by DOI or title as
 * get_paper gives them. A paper outside the user's folders has no entry: it is named instead.
 */
async function entriesOfPapers(pb: PaperbenchClient, refs: readonly TPaperRef[]) {
  const bib = expectStatus(await pb.api.profile.library({ query: {} }), 200);
  // Its media type names JSON, so the client has parsed it already.
  const csl: unknown = expectStatus(await pb.api.profile.libraryCslJson(), 200);
  const records = (typeof csl === 'string' ? JSON.parse(csl) : csl) as CslRecord[];
  const byKey = new Map(bibtexEntries(String(bib)).map((entry) => [entry.key, entry.text]));
  const entries: string[] = [];
  const missing: string[] = [];
  for (const ref of refs) {
    let record = ref.platform === 'arxiv' ? records.find((item) => item.note === `arXiv:${ref.paper_id}`) : undefined;
    if (!record) {
      const paper = expectStatus(await pb.api.files.getPaper({ body: ref }), 200);
      const doi = paper.doi?.toLowerCase();
      record = records.find((item) => (doi && item.DOI?.toLowerCase() === doi) || item.title === paper.title);
    }
    const entry = record && byKey.get(record.id);
    if (entry && !entries.includes(entry)) entries.push(entry);
    if (!entry) missing.push(`${ref.platform}:${ref.paper_id}`);
  }
  const notes = missing.length
    ? [`not in your folders, so not exported (add them with add_to_folder first): ${missing.join(', ')}`]
    : [];
  return { entries, notes };
}

/** export_bibtex: the app's own BibTeX exports (a folder's, or the library's entries of some papers), verbatim. */
export function registerExportBibtex(server: McpServer, pb: PaperbenchClient) {
  server.registerTool(
    'export_bibtex',
    {
      title: 'Export BibTeX',
      description:
        'Exact BibTeX entries from the database, as the app exports them: a whole folder (folder_id), or some ' +
        "papers of the user's folders (papers), or, with neither, the whole library. Copy them verbatim.",
      inputSchema: {
        folder_id: z.number().int().positive().optional().describe('Export this folder'),
        papers: z
          .array(z.object(paperRefShape))
          .min(1)
          .max(MAX_ITEMS)
          .optional()
          .describe('Export these papers (they must be in one of your folders)'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ folder_id, papers }) =>
      runTool(async () => {
        if (folder_id !== undefined && papers !== undefined) {
          throw new ToolFailure('Give folder_id or papers, not both');
        }
        if (papers) {
          const refs = papers.map(({ paper_id, platform = 'arxiv' }) => ({ paper_id, platform }));
          const { entries, notes } = await entriesOfPapers(pb, refs);
          return textResult(boundedBibtex(entries, notes));
        }
        const file =
          folder_id === undefined
            ? expectStatus(await pb.api.profile.library({ query: {} }), 200)
            : expectStatus(
                await pb.api.folders.export({ params: { id: folder_id }, query: { format: 'bibtex' } }),
                200,
              );
        return textResult(
          boundedBibtex(
            bibtexEntries(String(file)).map((entry) => entry.text),
            [],
          ),
        );
      }),
  );
}
