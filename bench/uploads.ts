import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeUploadResults } from './report';
import { login, sleep, startServer, stopServer } from './server';

/**
 * `npm run bench -- --uploads`: 300 MB (BENCH_UPLOAD_MB; as files of at most the upload limit)
 * sent in 8 MiB chunks over loopback to the real server (its own process, demo seed, temp DB_FILE and FILES_DIR), then
 * finalized (SHA-256 over the file, rename into its blob). The server's resident memory is
 * sampled from /proc/<pid>/status all along: it must stay under its level before the upload +
 * 100 MB (chunks are streamed to disk, never held whole), else the bench fails.
 */
const MB = 1024 * 1024;
const TOTAL = Number(process.env.BENCH_UPLOAD_MB ?? 300) * MB;
const CHUNK = 8 * MB;
const RSS_BUDGET = 100 * MB;

const rssOf = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** The largest file an upload may declare (spec §9). */
const MAX_FILE = 262_144_000;

/** A file of `size` bytes: a PDF header, then the same random 8 MiB over and over (the content does not matter, its size does). */
function fileOf(size: number, block: Buffer): { at: (index: number) => Buffer; count: number; hash: string; size: number } {
  const first = Buffer.from(block);
  Buffer.from('%PDF-1.7\n').copy(first);
  const count = Math.ceil(size / CHUNK);
  const at = (index: number) => (index === 0 ? first : block).subarray(0, Math.min(CHUNK, size - index * CHUNK));
  const hash = createHash('sha256');
  for (let index = 0; index < count; index++) hash.update(at(index));
  return { at, count, hash: hash.digest('hex'), size };
}

/** TOTAL bytes as files of at most the upload limit (300 MB: one at the limit, then the rest). */
function files(): ReturnType<typeof fileOf>[] {
  const block = randomBytes(CHUNK);
  const sizes: number[] = [];
  for (let left = TOTAL; left > 0; left -= MAX_FILE) sizes.push(Math.min(MAX_FILE, left));
  return sizes.map((size) => fileOf(size, block));
}

export async function runUploadBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-bench-uploads-'));
  const server = await startServer({ DB_FILE: join(dir, 'db.json'), FILES_DIR: join(dir, 'files'), OUTBOX_DIR: join(dir, 'outbox') }, { SEED: 'demo' });
  const pid = server.child.pid!;
  let stopSampling = () => {};
  try {
    const headers = { Cookie: await login(server.base), 'X-Requested-With': 'XMLHttpRequest' };
    const call = async (method: string, path: string, body?: BodyInit, extra: Record<string, string> = {}) => {
      const reply = await fetch(`${server.base}${path}`, { method, headers: { ...headers, ...extra }, body });
      if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
      return reply.status === 204 ? undefined : reply.json();
    };
    const [capa] = (await call('GET', '/back/bo/capas/')) as { capaId: number }[];
    const sent = files();
    await sleep(1000);
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    stopSampling = () => clearInterval(sampler);

    let uploadMs = 0;
    let finalizeMs = 0;
    for (const file of sent) {
      const started = performance.now();
      const { uuid } = await call('POST', '/back/bo/uploads/', JSON.stringify({ filename: 'bench.pdf', mimeType: 'application/pdf', byteSize: file.size, hash: file.hash, fileType: 'CAPA', entityId: capa.capaId }), { 'Content-Type': 'application/json' });
      for (let index = 0; index < file.count; index++) {
        const chunk = file.at(index);
        const first = index * CHUNK;
        await call('PATCH', `/back/bo/uploads/${uuid}`, chunk as unknown as BodyInit, { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes ${first}-${first + chunk.length - 1}/${file.size}` });
      }
      uploadMs += performance.now() - started;
      const finalizeStarted = performance.now();
      const done = await call('PUT', `/back/bo/uploads/${uuid}`);
      finalizeMs += performance.now() - finalizeStarted;
      if (done.uploadState !== 'DONE') throw new Error(`finalize: ${JSON.stringify(done)}`);
    }
    stopSampling();
    peak = Math.max(peak, rssOf(pid));
    const chunkCount = sent.reduce((sum, file) => sum + file.count, 0);
    const described = sent.map((file) => `${mb(file.size)}`).join(' + ');

    const growth = peak - before;
    const ok = growth < RSS_BUDGET;
    const rate = (ms: number) => (TOTAL / MB / (ms / 1000)).toFixed(1);
    console.log(`upload ${mb(TOTAL)} MB (files of ${described} MB) in ${chunkCount} chunks of ${CHUNK / MB} MiB: ${(uploadMs / 1000).toFixed(2)} s, ${rate(uploadMs)} MB/s`);
    console.log(`finalize (SHA-256 + rename): ${(finalizeMs / 1000).toFixed(2)} s, ${rate(finalizeMs)} MB/s`);
    console.log(`server RSS: ${mb(before)} MB before, ${mb(peak)} MB at most (+${mb(growth)} MB, budget +${RSS_BUDGET / MB} MB): ${ok ? 'ok' : 'MISSED'}`);
    const cpu = cpus();
    await writeUploadResults(
      [
        `\`npm run bench -- --uploads\` (bench/uploads.ts): ${mb(TOTAL)} MB as files of at most the upload limit (${MAX_FILE.toLocaleString('en')} bytes), each sent in ${CHUNK / MB} MiB chunks (PATCH with Content-Range, one after the other) over loopback to the real server (its own process, lowdb, demo seed), then finalized (SHA-256 over the whole file in 65,536-byte reads, rename into its blob). The server's resident memory (VmRSS of /proc/<pid>/status, sampled every 20 ms) must stay under its level before the upload + ${RSS_BUDGET / MB} MB. MB here are 1,048,576 bytes.`,
        `Last run: ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}.`,
        '',
        '| files (MB) | chunks | upload s | upload MB/s | finalize s | finalize MB/s | server RSS before | RSS peak | growth | budget |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
        `| ${described} | ${chunkCount} × ${CHUNK / MB} MiB | ${(uploadMs / 1000).toFixed(2)} | ${rate(uploadMs)} | ${(finalizeMs / 1000).toFixed(2)} | ${rate(finalizeMs)} | ${mb(before)} MB | ${mb(peak)} MB | +${mb(growth)} MB | ${ok ? 'ok' : 'MISSED'} (< +${RSS_BUDGET / MB} MB) |`,
      ].join('\n'),
    );
    console.log('Written to bench/results.md (section "Uploads")');
    if (!ok) process.exitCode = 1;
  } finally {
    stopSampling();
    await stopServer(server.child);
    await rm(dir, { recursive: true, force: true });
  }
}
