import type { ComponentType } from 'react';

type Row = Record<string, unknown>;

/** What a dialog opened from a record header gets. */
export interface RecordDialogProps {
  /** The record's answer, as the header shows it. */
  record: Row;
  onClose: () => void;
  /** The dialog's write answered the record as it is now: the page shows it. */
  onChanged: (next: Row) => void;
  /** The record changed some other way (or a write was refused): the page reads it again. */
  onReload: () => void;
}

const dialogs = new Map<string, ComponentType<RecordDialogProps>>();

/**
 * A dialog the app registers for what is truly its own (`{ "dialog": name }` on a header button or
 * menu item opens it), as `registerPanel` registers a custom panel.
 */
export function registerRecordDialog(name: string, component: ComponentType<RecordDialogProps>): void {
  dialogs.set(name, component);
}

export function recordDialog(name: string): ComponentType<RecordDialogProps> | undefined {
  return dialogs.get(name);
}
