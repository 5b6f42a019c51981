import { recordLoginEvent, serverLogEntry, type LogApplication, type LoginEventType, type LogLevel } from '../audit';
import { fullName, type Contact } from '../identity';
import type { WriteOps, Writer } from '../store/types';
import type { DemoIdentity } from './identity';
import type { Random } from './random';

/**
 * A month of login events and server logs so the admin monitors show something on first
 * start. Only the admin, manager, inspector, quality and outsider accounts appear (the tests
 * count the events of the other ones from zero), and never from 127.0.0.1 (the tests' address).
 */
type Key = 'admin' | 'manager' | 'inspector' | 'quality' | 'outsider';

/** Where each account usually signs in from (office or mobile connections). */
const HOME_IPS: Record<Key, string[]> = {
  admin: ['82.64.112.17', '91.168.23.140'],
  manager: ['90.112.45.203', '37.171.8.66'],
  inspector: ['113.161.72.40', '103.4.145.22', '14.232.208.9'],
  quality: ['78.193.40.151', '176.149.12.88'],
  outsider: ['73.53.118.9'],
};
const ATTACKER_IP = '185.220.101.34';
const SCANNER_IP = '45.146.164.110';
const DAYS = 30;

interface Moment {
  date: Date;
}

/** A time within the last `DAYS` days during office hours (UTC), never in the future; a third fall in the current month. */
function momentAgo(random: Random, now: Date, index: number): Date {
  const maxDaysAgo = index % 3 === 0 ? Math.min(DAYS - 1, now.getUTCDate() - 1) : DAYS - 1;
  const daysAgo = random.int(0, maxDaysAgo);
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, random.int(6, 18), random.int(0, 59), random.int(0, 59)));
  if (date < now) return date;
  // Later today than now: somewhere between midnight and now instead (still today, still this month).
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight + Math.floor((now.getTime() - midnight) * random.next()));
}

export async function seedAudit(tx: WriteOps, writer: Writer, random: Random, now: Date, identity: DemoIdentity): Promise<void> {
  /** The next steps of a story, never after now. */
  const minutesLater = (date: Date, minutes: number) => new Date(Math.min(date.getTime() + minutes * 60_000, now.getTime()));
  const contact = (key: Key) => tx.get<Contact>('contacts', identity.accounts[key])!;
  const events: (Moment & { type: LoginEventType; key?: Key; email?: string; ip: string; impersonator?: Key })[] = [];
  const logs: (Moment & { level: LogLevel; application: LogApplication; message: string; key?: Key })[] = [];

  const keys: Key[] = ['admin', 'manager', 'inspector', 'quality', 'outsider'];
  for (let i = 0; i < 28; i++) {
    const key = keys[i % keys.length];
    events.push({ type: 'SUCCESS', key, ip: random.pick(HOME_IPS[key]), date: momentAgo(random, now, i) });
  }

  // A mistyped password, then the right one.
  const typo = momentAgo(random, now, 1);
  events.push({ type: 'FAILURE', key: 'quality', ip: HOME_IPS.quality[0], date: typo }, { type: 'SUCCESS', key: 'quality', ip: HOME_IPS.quality[0], date: minutesLater(typo, 1) });

  // Somebody guessing e-mails and passwords.
  const probe = momentAgo(random, now, 2);
  for (const [n, email] of ['admin@lumiere.example', 'root@qcflow.test'].entries()) events.push({ type: 'FAILURE', email, ip: ATTACKER_IP, date: minutesLater(probe, n) });

  // An inspector on the road locked out after five wrong passwords.
  const lockout = momentAgo(random, now, 0);
  for (let n = 0; n < 4; n++) events.push({ type: 'FAILURE', key: 'inspector', ip: HOME_IPS.inspector[1], date: minutesLater(lockout, n) });
  events.push({ type: 'LOCKED', key: 'inspector', ip: HOME_IPS.inspector[1], date: minutesLater(lockout, 4) });
  logs.push({ level: 'WARN', application: 'SECURITY', key: 'inspector', date: minutesLater(lockout, 4), message: `Account ${contact('inspector').email} locked until ${new Date(lockout.getTime() + 19 * 60_000).toISOString()} after 5 failed logins (from ${HOME_IPS.inspector[1]})` });

  // The platform administrator checks what a brand's quality director sees.
  const support = momentAgo(random, now, 3);
  const [admin, quality] = [contact('admin'), contact('quality')];
  const pair = `${fullName(admin)} (#${admin.contactId}) as ${fullName(quality)} (#${quality.contactId})`;
  events.push({ type: 'IMPERSONATE', key: 'quality', impersonator: 'admin', ip: HOME_IPS.admin[0], date: support });
  logs.push(
    { level: 'INFO', application: 'SECURITY', key: 'admin', date: support, message: `Impersonation started: ${pair} from ${HOME_IPS.admin[0]}` },
    { level: 'INFO', application: 'SECURITY', key: 'admin', date: minutesLater(support, 12), message: `Impersonation ended: ${pair}` },
  );

  // A forgotten password: reset link, new password.
  const reset = momentAgo(random, now, 4);
  const manager = contact('manager');
  logs.push({ level: 'INFO', application: 'MAIL', key: 'manager', date: reset, message: `Reset link e-mailed to ${manager.email}` });
  events.push({ type: 'RENEW', key: 'manager', ip: HOME_IPS.manager[1], date: minutesLater(reset, 6) });

  const at = (index: number) => momentAgo(random, now, index);
  logs.push(
    { level: 'INFO', application: 'SERVER', date: at(0), message: 'QCFlow server started on 0.0.0.0:3000 (store: data/db.json)' },
    { level: 'INFO', application: 'SERVER', date: at(1), message: 'QCFlow server started on 0.0.0.0:3000 (store: data/db.json)' },
    { level: 'WARN', application: 'SERVER', date: at(2), message: 'Slow request: GET /back/bo/nonCompliances/ answered in 2.4 s' },
    { level: 'ERROR', application: 'SERVER', date: at(3), message: "GET /back/bo/matrix8ds/: Cannot read properties of undefined (reading 'teamMembers')" },
    { level: 'WARN', application: 'AUTH', date: at(4), message: `Password reset requested for an unknown e-mail address from ${ATTACKER_IP}` },
    { level: 'INFO', application: 'AUTH', key: 'admin', date: at(5), message: `Two-factor login enabled for ${admin.email}` },
    { level: 'INFO', application: 'AUTH', key: 'quality', date: at(6), message: `Welcome link issued to sophie.laurent@maisonlumiere.example by ${fullName(quality)}` },
    { level: 'ERROR', application: 'MAIL', key: 'quality', date: at(7), message: `Could not send the reset e-mail to ${quality.email}: connect ETIMEDOUT 10.0.0.25:587` },
    { level: 'WARN', application: 'SECURITY', date: at(8), message: `Request refused (error.csrf): POST /back/bo/capas from ${SCANNER_IP}` },
    { level: 'INFO', application: 'MAIL', key: 'quality', date: at(9), message: 'Notification e-mail sent: quality alert raised (3 recipients)' },
  );

  // Oldest first, so ids grow with time like the live ones.
  for (const event of events.sort((a, b) => a.date.getTime() - b.date.getTime())) {
    const who = event.key ? contact(event.key) : undefined;
    await recordLoginEvent(writer, { type: event.type, ip: event.ip, email: who?.email ?? event.email!, contact: who, impersonator: event.impersonator && contact(event.impersonator) }, event.date);
  }
  for (const log of logs.sort((a, b) => a.date.getTime() - b.date.getTime())) {
    await serverLogEntry(writer, { level: log.level, application: log.application, message: log.message, contact: log.key ? contact(log.key) : undefined }, log.date);
  }
}
