import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { listenThenBuild } from '../../server/listen';

/** GET `url` through `agent`: its status and whether it went over a connection kept from before. */
function get(agent: http.Agent, url: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

describe('listenThenBuild', () => {
  it('keeps an idle keep-alive connection open past Node’s 5 s default (7 s here), so a client reusing it is not reset', async () => {
    const { server, origin } = await listenThenBuild('127.0.0.1', 0, () => ({ fetch: () => new Response('ok') }));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, origin)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(await get(agent, origin)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 15_000);
});
