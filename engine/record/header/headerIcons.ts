import {
  IconArrowsSplit, IconBan, IconBellPlus, IconCalendarPlus, IconCalendarRepeat, IconCircleCheck, IconCopy, IconFlag, IconGavel, IconLock, IconMail, IconPencil, IconRefresh,
  IconTrash, IconUsersGroup, IconX, type Icon,
} from '@tabler/icons-react';
import { screenIcon } from '../../ui/icons';

/**
 * Icons of header actions, buttons and menu items, beside the screens' list (engine/ui/icons.tsx). Kept
 * here so that they load with the record pages, not with the login page and the menu.
 */
const actionIcons: Record<string, Icon> = {
  'arrows-split': IconArrowsSplit,
  ban: IconBan,
  'bell-plus': IconBellPlus,
  'calendar-plus': IconCalendarPlus,
  'calendar-repeat': IconCalendarRepeat,
  'circle-check': IconCircleCheck,
  copy: IconCopy,
  flag: IconFlag,
  gavel: IconGavel,
  lock: IconLock,
  mail: IconMail,
  pencil: IconPencil,
  refresh: IconRefresh,
  trash: IconTrash,
  'users-group': IconUsersGroup,
  x: IconX,
};

export const headerIconNames = Object.keys(actionIcons);

/** An icon by its Tabler name (either list); none for no name. */
export function headerIcon(name: string | undefined): Icon | null {
  if (!name) return null;
  return actionIcons[name] ?? screenIcon(name);
}
