import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PaperbenchClient } from '@paperbench/client';
import { expectStatus } from './tool-result';

const FOLDERS_URI = 'paperbench://folders';

const json = (uri: string, value: unknown) => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
});

/**
 * docs/mcp.md#resources: the user's folders, as a list (paperbench://folders) and one resource a folder
 * (paperbench://folders/{id}) holding its papers. Refusals are thrown: resources have no tool-error form.
 */
export function registerFolderResources(server: McpServer, pb: PaperbenchClient) {
  const listFolders = async () => expectStatus(await pb.api.folders.list(), 200);

  server.registerResource(
    'folders',
    FOLDERS_URI,
    {
      title: 'Your folders',
      description: 'Every folder of yours: id, name, type and paper count',
      mimeType: 'application/json',
    },
    async (uri) => {
      const folders = await listFolders();
      return json(
        uri.href,
        folders.map(({ id, name, type, files }) => ({
          id,
          name,
          type,
          papers: files.length,
          uri: `${FOLDERS_URI}/${id}`,
        })),
      );
    },
  );

  server.registerResource(
    'folder',
    new ResourceTemplate(`${FOLDERS_URI}/{id}`, {
      list: async () => ({
        resources: (await listFolders()).map((folder) => ({
          uri: `${FOLDERS_URI}/${folder.id}`,
          name: folder.name,
          mimeType: 'application/json',
        })),
      }),
    }),
    { title: 'A folder', description: "One folder's papers (paper_id, platform, title)", mimeType: 'application/json' },
    async (uri, { id }) => {
      const folderId = Number(Array.isArray(id) ? id[0] : id);
      const files = expectStatus(await pb.api.folders.listFiles({ params: { id: folderId } }), 200);
      return json(
        uri.href,
        files.map(({ paper_id, platform, filename }) => ({ paper_id, platform, title: filename })),
      );
    },
  );
}
