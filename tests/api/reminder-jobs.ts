import { processesOfFile, startProcess, storeEnv, testStore, type ServerProcess, type StoreLocation } from './helpers';
import { sentMails, type SentMail } from './outbox';
import { network, type Network } from './service-fixtures';

/** What the reminder-job tests share (docs/jobs.md): real servers (server/main.ts, their job worker) on a demo store, their outboxes. */

const JOB_ENV = { JOBS_POLL_MS: '100', JOBS_LEASE_MS: '1500', JOBS_BACKOFF_MS: '200', APP_URL: 'https://qcflow.example' };
export const URL = '/back/bo/notifyreminder/reminders';

export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The reminder a mail belongs to, from its Message-ID file name (`…-_reminder-<id>-<contact>_qcflow_.eml`). */
export const reminderOf = (mail: SentMail) => Number(/reminder-(\d+)-\d+/.exec(mail.file)?.[1]);
/** The reminders' mails of an outbox (creating the service mails its provider too). */
export const reminderMails = async (outbox: string) => (await sentMails(outbox)).filter((mail) => /reminder-\d+-\d+/.test(mail.file));

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await sleep(100);
  }
}

/** A test file's demo stores and job servers, all stopped and removed after its tests (call at the file's top). */
export function reminderServers() {
  const { started, demoStore } = processesOfFile();
  async function prepare(): Promise<{ dir: string; location: StoreLocation; net: Network }> {
    const { dir, location, found: net } = await demoStore((db) => network(testStore(db)));
    return { dir, location, net };
  }
  async function start(location: StoreLocation, outbox: string): Promise<ServerProcess> {
    const server = await startProcess({ ...storeEnv(location), SEED: 'demo', OUTBOX_DIR: outbox, ...JOB_ENV });
    started.push(server);
    return server;
  }
  return { prepare, start };
}
