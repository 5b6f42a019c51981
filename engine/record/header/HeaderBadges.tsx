import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HeaderBadgeConfig } from '../../config';
import { colorsOf, valueColor } from '../../format/colors';
import type { JsonSchema } from '../../schema/resolve';
import { conditionHolds, valueAt } from './conditions';
import { headerIcon } from './headerIcons';
import { headerValueText, schemaAt } from './headerValues';

type Row = Record<string, unknown>;

/** The configured badges whose condition holds: a field's value in its colour, or a fixed label. */
export function HeaderBadges({ badges, entity, record }: { badges: readonly HeaderBadgeConfig[]; entity: JsonSchema; record: Row }) {
  const { t, i18n } = useTranslation();
  return badges
    .filter((badge) => conditionHolds(badge.when, record))
    .map((badge, index) => {
      const value = badge.field ? valueAt(record, badge.field) : undefined;
      if (badge.field && (value == null || value === '')) return null;
      const text = badge.field ? headerValueText(t, i18n.language, entity, record, badge.field, badge.enum) : t(badge.label ?? '');
      const color = badge.field ? (badge.colors?.[String(value)] ?? valueColor(value, colorsOf(schemaAt(entity, badge.field)))) : (badge.color ?? 'gray');
      const Icon = headerIcon(badge.icon);
      const drawn = (
        <Badge
          key={index}
          size="lg"
          radius="sm"
          variant={badge.variant ?? 'light'}
          color={color}
          autoContrast
          leftSection={Icon ? <Icon size={14} /> : undefined}
          style={{ textTransform: 'none' }}
          data-testid={badge.testId}
        >
          {text}
        </Badge>
      );
      return badge.tooltip ? (
        <Tooltip key={index} label={t(badge.tooltip)} withArrow multiline w={280}>
          {drawn}
        </Tooltip>
      ) : (
        drawn
      );
    });
}
