import type { Widget } from '@rjsf/utils';
import { AccountProfilesWidget } from './AccountProfilesWidget';
import { NotifyChoicesWidget } from './NotifyChoicesWidget';

/**
 * Form widgets that know the app's rules, by the names uiSchemas use (`"ui:widget": "accountProfiles"`).
 * Loaded with the engine chunk (app/routes/engineScreens.tsx), never by the login page.
 */
export const appWidgets: Record<string, Widget> = {
  accountProfiles: AccountProfilesWidget,
  notifyChoices: NotifyChoicesWidget,
};

export function registerAppWidgets(register: (name: string, widget: Widget) => void): void {
  for (const [name, widget] of Object.entries(appWidgets)) register(name, widget);
}
