import {
  IconAlertTriangle, IconBriefcase, IconBuilding, IconBuildingBank, IconCalendar, IconChartBar, IconChartPie,
  IconChecklist, IconCircleX, IconClipboardCheck, IconDashboard, IconDatabase, IconFileInvoice, IconFileText,
  IconFiles, IconFlask, IconHome, IconListNumbers, IconNetwork, IconPoint, IconReceipt, IconReportAnalytics,
  IconSearch, IconSettings, IconShieldCheck, IconTag, IconTruck, IconUsers, IconWorld, type Icon,
} from '@tabler/icons-react';

/**
 * Icon names used by the server menu and screen configs (Tabler's kebab-case names) → components.
 * Listed explicitly so only these icons reach the bundle; unknown names get a neutral dot.
 */
const ICONS: Record<string, Icon> = {
  'alert-triangle': IconAlertTriangle,
  briefcase: IconBriefcase,
  building: IconBuilding,
  'building-bank': IconBuildingBank,
  calendar: IconCalendar,
  'chart-bar': IconChartBar,
  'chart-pie': IconChartPie,
  checklist: IconChecklist,
  'circle-x': IconCircleX,
  'clipboard-check': IconClipboardCheck,
  dashboard: IconDashboard,
  database: IconDatabase,
  'file-invoice': IconFileInvoice,
  'file-text': IconFileText,
  files: IconFiles,
  flask: IconFlask,
  home: IconHome,
  'list-numbers': IconListNumbers,
  network: IconNetwork,
  receipt: IconReceipt,
  'report-analytics': IconReportAnalytics,
  search: IconSearch,
  settings: IconSettings,
  'shield-check': IconShieldCheck,
  tag: IconTag,
  truck: IconTruck,
  users: IconUsers,
  world: IconWorld,
};

export function menuIcon(name: string | undefined): Icon {
  return (name && ICONS[name]) || IconPoint;
}
