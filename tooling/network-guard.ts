import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

/**
 * docs/testing.md: no test reaches past this machine. Every Vitest setup (apps/api, apps/web,
 * packages/contract) installs this guard; anything with a wire protocol is tested against a local
 * server the test starts (docs/testing.md#network-guard-every-vitest-setup).
 *
 * One patch covers every TCP client: `net.Socket.prototype.connect`, which net.connect,
 * net.createConnection, tls.connect (a TLSSocket is a net.Socket), http(s) agents and undici (global
 * fetch) all end in. A refused connection fails like a real one (an 'error' event, so fetch rejects
 * and callers' error paths run) and is also recorded, so the test fails at afterEach even if the
 * code under test swallowed the error. dns.lookup (callback and promise) refuses names other than
 * localhost. Unix sockets and pipes are local and allowed.
 */

export const NETWORK_GUARD_CODE = 'ENETWORKGUARD';

export interface NetworkGuard {
  /** The refused attempts since the last call, cleared (the guard's own tests read them). */
  takeViolations(): string[];
}

type AfterEach = (hook: () => void) => void;

const STATE = Symbol.for('paperbench.networkGuard');
type GuardedGlobal = typeof globalThis & { [STATE]?: NetworkGuard };

/** Loopback names and addresses (all of 127.0.0.0/8), and the unspecified address, which means this host. */
export function isLocalHost(host: string | undefined | null): boolean {
  if (host === undefined || host === null || host === '') return true; // Node defaults to localhost
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.') return true;
  if (name === '::1' || name === '::' || name === '0.0.0.0') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice(7) : name;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

function refusal(what: string, target: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(
    `network guard: ${what} ${target} refused; tests may reach only 127.0.0.1, localhost and ::1 ` +
      '(start a local server in the test instead; docs/testing.md)',
  );
  error.code = NETWORK_GUARD_CODE;
  return error;
}

/** Where a Socket#connect call goes: undefined for a unix socket or pipe, else host and port. */
function targetOf(args: unknown[]): { host: string | undefined; port: unknown } | undefined {
  // net.connect passes its normalized arguments as one array: [options, callback].
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first !== null && typeof first === 'object') {
    const options = first as { path?: unknown; host?: string; port?: unknown };
    // Node treats any truthy path as a unix socket or pipe (http agents pass path: null).
    if (options.path) return undefined;
    return { host: options.host, port: options.port };
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return { host: typeof args[1] === 'string' ? args[1] : undefined, port: first };
  }
  return undefined; // a path string: a unix socket
}

/** Installs the guard once per process; `afterEach` (Vitest's) fails any test that tried to reach out. */
export function installNetworkGuard(afterEach?: AfterEach): NetworkGuard {
  const holder = globalThis as GuardedGlobal;
  let guard = holder[STATE];
  if (!guard) {
    const violations: string[] = [];
    guard = { takeViolations: () => violations.splice(0) };
    holder[STATE] = guard;

    const connect = net.Socket.prototype.connect;
    net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
      const target = targetOf(args);
      if (!target || isLocalHost(target.host)) return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
      const error = refusal('connection to', `${target.host}:${String(target.port)}`);
      violations.push(error.message);
      process.nextTick(() => this.destroy(error));
      return this;
    } as typeof connect;

    const lookup = dns.lookup;
    dns.lookup = function guardedLookup(hostname: string, ...rest: unknown[]) {
      if (isLocalHost(hostname)) return (lookup as (...a: unknown[]) => void).call(dns, hostname, ...rest);
      const error = refusal('DNS lookup of', hostname);
      violations.push(error.message);
      const callback = rest[rest.length - 1];
      if (typeof callback === 'function') process.nextTick(() => callback(error));
    } as typeof dns.lookup;
    const lookupAsync = dns.promises.lookup;
    dns.promises.lookup = async function guardedLookupAsync(hostname: string, ...rest: unknown[]) {
      if (isLocalHost(hostname)) return (lookupAsync as (...a: unknown[]) => Promise<unknown>)(hostname, ...rest);
      const error = refusal('DNS lookup of', hostname);
      violations.push(error.message);
      throw error;
    } as typeof dns.promises.lookup;
    // `import { lookup } from 'node:dns'` reads the patched function too.
    syncBuiltinESMExports();
  }
  const installed = guard;
  afterEach?.(() => {
    const refused = installed.takeViolations();
    if (refused.length > 0) throw new Error(`this test reached for the network:\n${refused.join('\n')}`);
  });
  return installed;
}
