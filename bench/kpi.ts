/**
 * Times the supplier KPI overview over HTTP on the embedded store (not part of `npm run bench`):
 * `npx tsx bench/kpi.ts [count] [runs]` (default 100,000 services, 30 calls after one warm-up).
 * The server runs on the bench's generated services, logged in as quality@brand.test; each call
 * is one of CALLS with its defaults (the last 6 months to today).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateStore } from './generate';
import { login, startServer, stopServer } from './server';

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 30);
/** The calls timed: the overview with its defaults (every supplier ranked), and with the ten first only. */
const CALLS = ['overview', 'overview?limit=10', 'chart', 'compare', 'heatmap'];

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-kpi-'));
  try {
    const { file } = await generateStore(join(dir, 'db.json'), COUNT);
    const { child, base } = await startServer({ DB_FILE: file });
    try {
      const cookie = await login(base);
      for (const call of CALLS) {
        const url = `${base}/back/bo/kpi/supplier/${call}`;
        const get = async () => {
          const reply = await fetch(url, { headers: { cookie } });
          if (reply.status !== 200) throw new Error(`${call}: ${reply.status} ${await reply.text()}`);
          return (await reply.json()) as { totals: { services: number } };
        };
        const { totals } = await get(); // warm-up
        const took: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const start = performance.now();
          await get();
          took.push(performance.now() - start);
        }
        took.sort((a, b) => a - b);
        const at = (share: number) => took[Math.min(RUNS - 1, Math.ceil(share * RUNS) - 1)].toFixed(0);
        console.log(`${call}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms over ${RUNS} calls (${totals?.services ?? '-'} services counted)`);
      }
    } finally {
      await stopServer(child);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
