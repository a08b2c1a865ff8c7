import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { packageRoot } from '../lib/package-paths';

/** The recorded arXiv responses (see test/fixtures/arxiv-api/README.md). */
export const ARXIV_FIXTURES = path.join(packageRoot, 'test', 'fixtures', 'arxiv-api');
export const arxivFixture = (name: string) => readFileSync(path.join(ARXIV_FIXTURES, name), 'utf8');

/** What a replay server answers to one request: a body, a status with headers, or a cut connection. */
export type Reply = string | { status: number; headers?: Record<string, string>; body?: string } | 'destroy';

export interface ReplayServer {
  url: string;
  /** Every request's query string parameters, in order. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A local stand-in for arXiv (tests and the benchmark never touch the network): `reply` decides the
 * answer to each request from its query parameters.
 */
export async function startReplayServer(reply: (params: URLSearchParams) => Reply): Promise<ReplayServer> {
  const requests: URLSearchParams[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const params = new URL(request.url ?? '/', 'http://localhost').searchParams;
    requests.push(params);
    const answer = reply(params);
    if (answer === 'destroy') {
      // Headers and half a body, then the connection dies: a network error half-way.
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.write('<?xml version="1.0"?><OAI-PMH><ListRecords><record>');
      setImmediate(() => request.socket.destroy());
      return;
    }
    const { status, headers, body } = typeof answer === 'string' ? { status: 200, headers: {}, body: answer } : answer;
    response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8', ...headers });
    response.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oai`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
