import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PaperbenchClient } from '@paperbench/client';
import type { TFolder, TFolderFile } from '@paperbench/contract';
import { z } from 'zod';
import { joinBounded, MAX_ITEMS, oneLine, sliceNote } from '../limits';
import { expectStatus, runTool, textResult } from '../tool-result';
import { paperRefShape } from './get-paper';

const folderIdShape = { folder_id: z.number().int().positive().describe('The folder id (from list_folders)') };

const folderLine = (folder: TFolder) =>
  `${oneLine(folder.name)} (folder_id: ${folder.id}, ${folder.files.length} papers${folder.type === 'shared' ? ', shared' : ''})`;

const fileLine = (file: TFolderFile, index: number) =>
  file.unavailable
    ? `${index}. ${file.filename} (paper_id: ${file.paper_id}, platform: ${file.platform})`
    : `${index}. ${oneLine(file.filename)} (paper_id: ${file.paper_id}, platform: ${file.platform}${file.no_pdf ? ', no PDF' : ''})`;

/** list_folders, list_folder_papers, add_to_folder: the folders routes (GET /api/folders, …/files). */
export function registerFolderTools(server: McpServer, pb: PaperbenchClient) {
  server.registerTool(
    'list_folders',
    {
      title: 'List folders',
      description: "The user's folders (their library), each with its folder_id and number of papers.",
      annotations: { readOnlyHint: true },
    },
    () =>
      runTool(async () => {
        const folders = expectStatus(await pb.api.folders.list(), 200);
        if (folders.length === 0) return textResult('You have no folders yet.');
        const shown = folders.slice(0, MAX_ITEMS);
        const note = sliceNote(0, shown.length, folders.length, 'read paperbench://folders for all of them');
        const lines = [`${folders.length} folders:`, ...shown.map((folder) => `- ${folderLine(folder)}`)];
        return textResult(joinBounded(note ? [...lines, `(${note})`] : lines, 'folders'));
      }),
  );

  server.registerTool(
    'list_folder_papers',
    {
      title: 'List the papers of a folder',
      description: `The papers of one folder (at most ${MAX_ITEMS} a call; page with offset).`,
      inputSchema: {
        ...folderIdShape,
        offset: z.number().int().min(0).optional().describe('Papers to skip, for the next page'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ folder_id, offset = 0 }) =>
      runTool(async () => {
        const files = expectStatus(await pb.api.folders.listFiles({ params: { id: folder_id } }), 200);
        if (files.length === 0) return textResult('This folder is empty.');
        const shown = files.slice(offset, offset + MAX_ITEMS);
        const lines = shown.map((file, index) => fileLine(file, offset + index + 1));
        const note = sliceNote(offset, shown.length, files.length, `call again with offset ${offset + shown.length}`);
        return textResult(joinBounded(note ? [...lines, `(${note})`] : lines, 'papers'));
      }),
  );

  server.registerTool(
    'add_to_folder',
    {
      title: 'Add a paper to a folder',
      description: 'Put a paper into one of your folders (harmless if it is already there). Needs the write scope.',
      inputSchema: { ...folderIdShape, ...paperRefShape },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    ({ folder_id, paper_id, platform = 'arxiv' }) =>
      runTool(async () => {
        const answer = await pb.api.folders.addFile({ params: { id: folder_id }, body: { paper_id, platform } });
        const file = expectStatus(answer, 200, 201);
        const title = oneLine(file.filename);
        return textResult(
          answer.status === 201
            ? `Added "${title}" to folder ${folder_id}.`
            : `"${title}" was already in folder ${folder_id}.`,
        );
      }),
  );
}
