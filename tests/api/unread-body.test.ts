import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_FAILURES_PER_IP } from '../../server/auth/rateLimit';
import { ACCOUNTS, Client, loginAs, startServer, type TestServer } from './helpers';

/**
 * A route that answers without reading its body (it refuses first, or needs none) must still
 * leave the keep-alive connection usable: the body is drained (up to the 1 MB limit) before
 * the answer ends, so the client's next request on the same socket gets its answer.
 * A raw socket, as fetch would silently retry on a new connection.
 */
const UNREAD = 700 * 1024;

interface RawAnswer {
  status: number;
  headers: string;
}

/** Reads answers off one socket, in order (Content-Length framed, as the server sends them). */
class KeepAliveConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on('error', () => undefined);
  }

  static async open(url: string): Promise<KeepAliveConnection> {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new KeepAliveConnection(socket);
  }

  send(method: string, path: string, headers: Record<string, string>, body = ''): void {
    const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    if (method !== 'GET') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (body) this.socket.write(body);
  }

  /** The next answer, or `undefined` if the server closed the connection first. */
  async next(timeoutMs = 10_000): Promise<RawAnswer | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const headers = this.buffer.subarray(0, end).toString('latin1');
        const length = Number(/content-length:\s*(\d+)/i.exec(headers)?.[1] ?? 0);
        if (/transfer-encoding:\s*chunked/i.test(headers)) throw new Error('chunked answer: not expected here');
        if (this.buffer.length >= end + 4 + length) {
          this.buffer = this.buffer.subarray(end + 4 + length);
          return { status: Number(headers.split(' ')[1]), headers };
        }
      }
      if (this.closed) return undefined;
      if (Date.now() > deadline) throw new Error('no answer in time');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 100);
      });
      this.waiting = undefined;
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  const client = await loginAs(server, ACCOUNTS.admin);
  cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
});
afterAll(() => server?.close());

const filler = JSON.stringify({ filler: 'x'.repeat(UNREAD) });

/** The ~700 KB request, then a small GET on the same connection: both are answered. */
async function secondAnswered(method: string, path: string, headers: Record<string, string>, body = filler) {
  const connection = await KeepAliveConnection.open(server.url);
  try {
    connection.send(method, path, headers, body);
    const first = await connection.next();
    connection.send('GET', '/back/version/', {});
    const second = await connection.next();
    return { first: first?.status, second: second?.status };
  } finally {
    connection.close();
  }
}

describe('a body the route does not read', () => {
  const signedIn = () => ({ Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });

  it('PATCH /back/alerts (reads no body): the next request on the connection is answered', async () => {
    expect(await secondAnswered('PATCH', '/back/alerts', signedIn())).toEqual({ first: 200, second: 200 });
  });

  it('POST /back/logout/impersonate while not impersonating (refused before reading): the next request is answered', async () => {
    expect(await secondAnswered('POST', '/back/logout/impersonate', signedIn())).toEqual({ first: 409, second: 200 });
  });

  it('POST /back/login refused by the rate limit: the next request is answered', async () => {
    const anonymous = new Client(server.url);
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_IP; i++) await anonymous.login('nobody@nowhere.test', 'wrong');
    const form = `username=nobody%40nowhere.test&password=wrong&filler=${'x'.repeat(UNREAD)}`;
    expect(await secondAnswered('POST', '/back/login', { 'Content-Type': 'application/x-www-form-urlencoded' }, form)).toEqual({ first: 429, second: 200 });
  });

  it('a body over 1 MB is still refused with 413 and the connection closed', async () => {
    const connection = await KeepAliveConnection.open(server.url);
    try {
      connection.send('PATCH', '/back/alerts', signedIn(), 'x'.repeat(1024 * 1024 + 10));
      const first = await connection.next();
      expect(first?.status).toBe(413);
      expect(first?.headers).toMatch(/connection: close/i);
    } finally {
      connection.close();
    }
  });
});
