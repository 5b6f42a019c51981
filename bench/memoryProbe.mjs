import { appendFileSync } from 'node:fs';
import { Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Preloaded into the server by the soak bench (`node --import ./bench/memoryProbe.mjs`): every
 * MEMORY_PROBE_MS it appends the process's memory (process.memoryUsage(), bytes) as one JSON
 * line to MEMORY_PROBE_FILE, with the longest time the server held a request since the last line
 * (`slowestMs`, from its parsed headers to its answer's last byte handed to the socket, and its
 * `slowestUrl`): a long answer the client saw but the server did not hold was waiting elsewhere.
 * With MEMORY_PROBE_GC=1 (and node --expose-gc) it collects garbage first, so heapUsed is the live
 * heap, at the cost of a full collection per sample. `loopDelayMaxMs` is the longest the event loop
 * was late since the last line (a long turn delays every connection's next step, accepting new ones
 * included). The server's own code knows nothing of it.
 */
const file = process.env.MEMORY_PROBE_FILE;
const every = Number(process.env.MEMORY_PROBE_MS || 5000);
const collect = process.env.MEMORY_PROBE_GC === '1' && typeof globalThis.gc === 'function';
if (file) {
  let slowest = { ms: 0, url: '' };
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (event, request, response) {
    if (event === 'request') {
      const started = performance.now();
      response.once('finish', () => {
        const ms = performance.now() - started;
        if (ms > slowest.ms) slowest = { ms, url: request.url };
      });
    }
    return emit.apply(this, arguments);
  };
  const sample = () => {
    if (collect) globalThis.gc();
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), ...process.memoryUsage(), slowestMs: slowest.ms, slowestUrl: slowest.url, loopDelayMaxMs: loopDelay.max / 1e6 })}\n`);
    slowest = { ms: 0, url: '' };
    loopDelay.reset();
  };
  sample();
  setInterval(sample, every).unref();
}
