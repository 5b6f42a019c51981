import type { RegistryWidgetsType, Widget } from '@rjsf/utils';

/**
 * Widgets the app adds to every schema form, by the name uiSchemas use (`"ui:widget": "<name>"`).
 * The engine stays domain-free: a widget that knows business rules lives in the app and is
 * registered before the first form renders. A registered name replaces the engine's own widget.
 */
const registered: RegistryWidgetsType = {};

export function registerWidget(name: string, widget: Widget): void {
  registered[name] = widget;
}

/** The engine's widgets with the app's added (or replacing them). */
export function withRegisteredWidgets(own: RegistryWidgetsType): RegistryWidgetsType {
  return { ...own, ...registered };
}
