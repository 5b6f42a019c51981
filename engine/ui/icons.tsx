import {
  IconAddressBook, IconAlertTriangle, IconBox, IconBriefcase, IconBuilding, IconBuildingBank, IconBuildingFactory2, IconCalendar,
  IconChartBar, IconChartPie, IconCheck, IconChecklist, IconCircleX, IconClipboardCheck, IconDashboard, IconDatabase,
  IconFileDollar, IconFilePlus, IconFileText, IconFiles, IconFlask, IconHistory, IconHome, IconInfoCircle, IconKey, IconKeyOff, IconLayoutGrid, IconListNumbers,
  IconLink, IconLockOpen, IconPaperclip, IconPhoto, IconLogin2, IconMailForward, IconNetwork, IconPackage, IconReceipt, IconReportAnalytics, IconSearch,
  IconServerBolt, IconSettings, IconShieldCheck, IconShieldLock, IconSpy, IconTag, IconTags, IconTool, IconTopologyStar3, IconTruck, IconUnlink, IconUsers,
  IconWorld, IconCategory, IconBuildingStore, IconCoin, IconBell, IconMapPin, IconApps, IconArchive, IconArchiveOff, IconTrash, type Icon,
} from '@tabler/icons-react';

/**
 * Icons by the names screen files and the server menu use (Tabler's kebab-case names). Listed
 * one by one so the bundle carries only these; an unknown name falls back to a neutral grid icon.
 * The one list for the menu, page headers and menu cards (docs/schemas.md names them).
 */
const icons: Record<string, Icon> = {
  'address-book': IconAddressBook,
  'alert-triangle': IconAlertTriangle,
  apps: IconApps,
  archive: IconArchive,
  'archive-off': IconArchiveOff,
  bell: IconBell,
  box: IconBox,
  briefcase: IconBriefcase,
  building: IconBuilding,
  'building-bank': IconBuildingBank,
  'building-factory': IconBuildingFactory2,
  'building-store': IconBuildingStore,
  calendar: IconCalendar,
  category: IconCategory,
  'chart-bar': IconChartBar,
  'chart-pie': IconChartPie,
  check: IconCheck,
  checklist: IconChecklist,
  'circle-x': IconCircleX,
  'clipboard-check': IconClipboardCheck,
  coin: IconCoin,
  dashboard: IconDashboard,
  database: IconDatabase,
  'file-dollar': IconFileDollar,
  'file-plus': IconFilePlus,
  'file-text': IconFileText,
  files: IconFiles,
  flask: IconFlask,
  history: IconHistory,
  home: IconHome,
  'info-circle': IconInfoCircle,
  key: IconKey,
  'key-off': IconKeyOff,
  'lock-open': IconLockOpen,
  link: IconLink,
  'map-pin': IconMapPin,
  login: IconLogin2,
  'mail-forward': IconMailForward,
  'list-numbers': IconListNumbers,
  network: IconNetwork,
  package: IconPackage,
  paperclip: IconPaperclip,
  photo: IconPhoto,
  receipt: IconReceipt,
  'report-analytics': IconReportAnalytics,
  search: IconSearch,
  'server-bolt': IconServerBolt,
  settings: IconSettings,
  'shield-check': IconShieldCheck,
  'shield-lock': IconShieldLock,
  spy: IconSpy,
  tag: IconTag,
  tags: IconTags,
  tool: IconTool,
  topology: IconTopologyStar3,
  trash: IconTrash,
  truck: IconTruck,
  unlink: IconUnlink,
  users: IconUsers,
  world: IconWorld,
};

export const iconNames = Object.keys(icons);

export function screenIcon(name: string | undefined): Icon {
  return (name && icons[name]) || IconLayoutGrid;
}
