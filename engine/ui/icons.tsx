import {
  IconAlertTriangle,
  IconBuildingBank,
  IconBuildingFactory2,
  IconCalendar,
  IconChartBar,
  IconChecklist,
  IconCircleX,
  IconClipboardCheck,
  IconFileDollar,
  IconFileText,
  IconFlask,
  IconLayoutGrid,
  IconListNumbers,
  IconReceipt,
  IconSearch,
  IconSettings,
  IconShieldCheck,
  IconTags,
  IconTruck,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';

/**
 * Screen icons by the names screen files use (Tabler names). Listed one by one so the bundle
 * carries only these; an unknown name falls back to a neutral icon.
 */
const icons: Record<string, Icon> = {
  'alert-triangle': IconAlertTriangle,
  'building-bank': IconBuildingBank,
  'building-factory': IconBuildingFactory2,
  calendar: IconCalendar,
  'chart-bar': IconChartBar,
  checklist: IconChecklist,
  'circle-x': IconCircleX,
  'clipboard-check': IconClipboardCheck,
  'file-dollar': IconFileDollar,
  'file-text': IconFileText,
  flask: IconFlask,
  'list-numbers': IconListNumbers,
  receipt: IconReceipt,
  search: IconSearch,
  settings: IconSettings,
  'shield-check': IconShieldCheck,
  tags: IconTags,
  truck: IconTruck,
  users: IconUsers,
  world: IconWorld,
};

export function screenIcon(name: string | undefined): Icon {
  return (name && icons[name]) || IconLayoutGrid;
}
