import dns from 'node:dns';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { installNetworkGuard, isLocalHost, NETWORK_GUARD_CODE } from '../../../../tooling/network-guard';

/**
 * docs/testing.md: the guard this package's vitest setup installs. 198.51.100.1 is TEST-NET-2
 * (RFC 5737), documentation-only: even a broken guard would reach no one.
 */
const OUTSIDE = '198.51.100.1';
const guard = installNetworkGuard();

/** The error a socket reports, or 'connected'. */
function outcome(socket: net.Socket): Promise<NodeJS.ErrnoException | 'connected'> {
  return new Promise((resolve) => {
    socket.once('error', (error) => resolve(error));
    socket.once('connect', () => resolve('connected'));
    socket.once('secureConnect', () => resolve('connected'));
  });
}

describe('network guard', () => {
  // The refusals below are on purpose: clear them so the setup's afterEach does not fail these tests.
  let expected = 0;
  afterEach(() => {
    expect(guard.takeViolations()).toHaveLength(expected);
    expected = 0;
  });

  it('refuses net.connect to an outside address with its own error, and records it', async () => {
    expected = 1;
    const error = await outcome(net.connect(443, OUTSIDE));
    expect(error).toMatchObject({ code: NETWORK_GUARD_CODE });
    expect((error as Error).message).toContain(`${OUTSIDE}:443 refused`);
  });

  it('refuses tls.connect and an http request', async () => {
    expected = 2;
    expect(await outcome(tls.connect({ host: OUTSIDE, port: 443 }))).toMatchObject({ code: NETWORK_GUARD_CODE });
    const request = http.get(`http://${OUTSIDE}/`);
    const [error] = await once(request, 'error');
    expect(error).toMatchObject({ code: NETWORK_GUARD_CODE });
  });

  it('refuses global fetch (undici)', async () => {
    expected = 1;
    const error = await fetch(`https://${OUTSIDE}/`).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error & { cause?: unknown }).cause).toMatchObject({ code: NETWORK_GUARD_CODE });
  });

  it('refuses DNS lookups of outside names, callback and promise', async () => {
    expected = 2;
    const [callbackError] = await new Promise<unknown[]>((resolve) =>
      dns.lookup('example.com', (...args) => resolve(args)),
    );
    expect(callbackError).toMatchObject({ code: NETWORK_GUARD_CODE });
    await expect(dns.promises.lookup('example.com')).rejects.toMatchObject({ code: NETWORK_GUARD_CODE });
  });

  it('lets tests reach their own local servers: 127.0.0.1, localhost and a unix socket', async () => {
    const server = net.createServer((socket) => socket.end());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as net.AddressInfo;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'guard-'));
    const unixServer = net.createServer((socket) => socket.end());
    const socketPath = path.join(dir, 'local.sock');
    unixServer.listen(socketPath);
    await once(unixServer, 'listening');
    try {
      expect(await outcome(net.connect(port, '127.0.0.1'))).toBe('connected');
      expect(await outcome(net.connect({ port }))).toBe('connected');
      expect(await outcome(net.connect(socketPath))).toBe('connected');
      expect((await fetch(`http://localhost:${port}/`).catch((error: Error) => error)) instanceof Error).toBe(true);
      expect(guard.takeViolations()).toEqual([]);
    } finally {
      server.close();
      unixServer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('knows local hosts from others', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2', '::ffff:127.0.0.1', undefined])
      expect(isLocalHost(host)).toBe(true);
    for (const host of [OUTSIDE, 'example.com', '10.0.0.1', '::ffff:198.51.100.1', '127.example.com'])
      expect(isLocalHost(host)).toBe(false);
  });
});
