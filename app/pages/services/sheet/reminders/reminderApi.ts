import { api } from '../../../../../engine/api';
import type { Reminder } from '../../../../../generated/types';

/** The reminder calls of spec §7.4 (server/reminders/routes.ts). */
export type ReminderView = Reminder & { reminderId: number; version: number };
export type ReminderInput = Pick<Reminder, 'sendAt' | 'tos' | 'subject' | 'comment' | 'locale'>;

const BASE = '/back/bo/notifyreminder/reminders';

export const reminderApi = {
  list: (serviceId: number) => api.get<ReminderView[]>(BASE, { query: { serviceId } }),
  create: (serviceId: number, input: ReminderInput) => api.post<ReminderView>(BASE, { serviceId, ...input }),
  update: (reminder: ReminderView, input: ReminderInput) => api.put<ReminderView>(`${BASE}/${reminder.reminderId}`, { ...input, version: reminder.version }),
  remove: (reminderId: number) => api.delete<boolean>(`${BASE}/${reminderId}`),
  /**
   * Whom a reminder may go to: the contacts of the service's party companies. Spec §7.4 names
   * `GET /back/bo/notify/services/{serviceId}/emails?excludeCompanies=1` for this; until it exists,
   * the contacts of those companies from the network list (the server checks the same rule).
   */
  recipients: (companyIds: number[]) => api.get<{ value: number; label: string }[]>('/back/bo/networkcombo/contacts', { query: { companyId: companyIds } }),
};
