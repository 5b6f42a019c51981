import { setTimeout as sleep } from 'node:timers/promises';
import { createApp } from './app';
import { AfterAnswer } from './afterAnswer';
import { openStore } from './boot';
import { drain, listenThenBuild } from './listen';
import { FileStorage, filesDirOf } from './files/storage';
import { createMailer } from './mail';
import { externalSitesOf } from './links/externalSites';
import { JobWorker, workerOptionsFromEnv } from './jobs/worker';
import { handleReminderJobs } from './reminders/send';
import { handleImportJobs } from './imports/importJob';
import { SchemaCheckError } from './schemas';

/** `npm run server`: the API under /back/ and the built SPA, configured by environment (CONTRACT.md). */
const env = process.env;
const host = env.HOST || '127.0.0.1';
const port = Number(env.PORT || 3000);
const seed = env.SEED === 'none' ? 'none' : 'demo';

const schemasDir = env.SCHEMAS_DIR || 'schemas';
const foldAtBytes = env.JOURNAL_FOLD_BYTES ? Number(env.JOURNAL_FOLD_BYTES) : undefined;
const { db, registry, sessionSecret } = await openStore({
  dbFile: env.DB_FILE || 'data/db.json',
  databaseUrl: env.DATABASE_URL || undefined,
  seed,
  sessionSecret: env.SESSION_SECRET,
  schemasDir,
  foldAtBytes,
}).catch((error: unknown) => {
  // The configuration's problems, as `npm run check:schemas` prints them, without a stack trace.
  if (!(error instanceof SchemaCheckError)) throw error;
  console.error(`QCFlow cannot start: ${error.message}`);
  process.exit(1);
});
const mailer = createMailer({ smtpUrl: env.SMTP_URL, outbox: env.OUTBOX_DIR });
const later = new AfterAnswer();
const { server, origin } = await listenThenBuild(host, port, (ownOrigin) =>
  createApp({
    db,
    registry,
    sessionSecret,
    mailer,
    later,
    filesDir: filesDirOf(env),
    // Links in e-mails come from configuration only, never from a request's Host or X-Forwarded-* headers.
    appUrl: env.APP_URL || ownOrigin,
    externalSites: externalSitesOf(env),
    distDir: env.DIST_DIR || 'dist',
    logRequests: env.NODE_ENV !== 'production' && env.NODE_ENV !== 'test' && env.LOG !== '0',
    prod: env.NODE_ENV === 'production',
  }),
);
console.log(`QCFlow listening on ${origin}`);

// The durable jobs (server/jobs/, docs/jobs.md): reminders and imports; every server sharing the store runs one worker.
const workerOptions = workerOptionsFromEnv(env);
const worker = handleReminderJobs(new JobWorker(db, workerOptions), { db, registry, mailer, appUrl: env.APP_URL || origin, linkSecret: sessionSecret });
handleImportJobs(worker, { db, registry, files: new FileStorage(filesDirOf(env)), leaseMs: workerOptions.leaseMs, batchRows: Number(env.IMPORT_BATCH_ROWS) || undefined });
worker.start();

/** How long a stopping server waits for the requests it holds, then for the e-mails they started. */
const DRAIN_MS = 10_000;

/**
 * Answer the requests in flight (a load balancer sends no new ones to a stopping server) and send
 * the e-mails they started, then finish queued writes (embedded store) or end the connections (PostgreSQL) before leaving; each
 * acknowledged write is already durable.
 */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([drain(server, DRAIN_MS).then(() => Promise.race([later.settled(), sleep(DRAIN_MS)])), worker.stop()])
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}
