import http from 'node:http';

/** One keep-alive HTTP client per server: sockets are reused across requests, at most `maxSockets` at once. */
export class BenchClient {
  readonly agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    maxSockets = 8,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  /**
   * Sends one request and reads the whole body. Resolves with the status, the body and the time in ms
   * from sending to the last byte; rejects on a network error or after `timeoutMs`.
   */
  request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    timeoutMs = 10_000,
  ): Promise<{ status: number; body: string; ms: number }> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const url = new URL(path, this.baseUrl);
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: payload
            ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
            : undefined,
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Like request(), but anything other than 2xx is an error that names the request. */
  async expectOk(method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await this.request(method, path, body);
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`${method} ${path} answered ${response.status}: ${response.body.slice(0, 300)}`);
    }
    return response;
  }

  close() {
    this.agent.destroy();
  }
}
