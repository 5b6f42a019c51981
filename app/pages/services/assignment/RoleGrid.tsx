import { ActionIcon, Avatar, Badge, Group, ScrollArea, Select, Table, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { enumText } from '../../../../engine/i18n';
import { formatDay } from '../../../../engine/format/localDates';
import { FIELD_ROLES, type AssignedContributor, type TypePlanning } from '../../../../machines/assignment';
import { contactPicture } from '../../../auth/profile';

export interface RoleGridProps {
  days: string[];
  contributors: AssignedContributor[];
  readOnly: boolean;
  onRole: (contactId: number, date: string, typePlanning: TypePlanning) => void;
  onRemove: (contactId: number) => void;
}

const ROLE_COLORS: Partial<Record<TypePlanning, string>> = { FIELD_LEADER: 'teal', FIELD_BACKUP: 'blue', FIELD_INSTRUCTOR: 'grape', FIELD_TRAINEE: 'cyan' };

/**
 * An invisible line as wide as a role select showing `text` (its padding, its chevron): the day
 * column grows to it, so the longest role of the language reads whole ("Chef de mission",
 * "Tirocinante sul campo").
 */
function ColumnSizer({ text }: { text: string }) {
  return (
    <Text aria-hidden size="xs" h={0} pl={12} pr={40} style={{ visibility: 'hidden', overflow: 'hidden', whiteSpace: 'nowrap' }}>
      {text}
    </Text>
  );
}

/** Days as columns, contributors as rows, one role per cell (spec §2 assignment popup); representatives' cells are read-only. */
export function RoleGrid({ days, contributors, readOnly, onRole, onRemove }: RoleGridProps) {
  const { t, i18n } = useTranslation();
  const options = FIELD_ROLES.map((role) => ({ value: role, label: enumText(t, 'typePlanning', role) }));
  const widest = options.reduce((longest, option) => (option.label.length > longest.length ? option.label : longest), '');
  const weekday = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  if (!contributors.length) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        {t('assignment.noContributors')}
      </Text>
    );
  }
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing={8} data-testid="role-grid" style={{ minWidth: 170 + days.length * 150 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>{t('assignment.contributor')}</Table.Th>
            {days.map((day) => (
              <Table.Th key={day} miw={150} data-testid={`day-${day}`}>
                <Text size="xs" c="dimmed" tt="capitalize">
                  {weekday(day)}
                </Text>
                <Text size="sm" fw={600}>
                  {formatDay(day, i18n.language)}
                </Text>
                {!readOnly && <ColumnSizer text={widest} />}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contributors.map((contributor) => (
            <Table.Tr key={contributor.contactId} data-testid={`row-${contributor.contactId}`}>
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <Avatar src={contributor.pictureFileId ? contactPicture(contributor.contactId, contributor.pictureFileId, '48x48') : undefined} radius="xl" size={28} color="blue">
                    {contributor.acronym}
                  </Avatar>
                  <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
                    {contributor.fullName}
                  </Text>
                  {!readOnly && (
                    <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('assignment.removeNamed', { name: contributor.fullName })} onClick={() => onRemove(contributor.contactId)}>
                      <IconX size={14} />
                    </ActionIcon>
                  )}
                </Group>
              </Table.Td>
              {contributor.typePlannings.map((role) => (
                <Table.Td key={role.date}>
                  {contributor.representative || readOnly ? (
                    <Badge variant="light" color={ROLE_COLORS[role.typePlanning] ?? 'gray'} radius="sm" fullWidth style={{ textTransform: 'none' }}>
                      {enumText(t, 'typePlanning', role.typePlanning)}
                    </Badge>
                  ) : (
                    <Select
                      size="xs"
                      data={options}
                      value={role.typePlanning}
                      allowDeselect={false}
                      aria-label={t('assignment.cell', { name: contributor.fullName, day: formatDay(role.date, i18n.language) })}
                      onChange={(value) => value && onRole(contributor.contactId, role.date, value as TypePlanning)}
                      comboboxProps={{ withinPortal: true }}
                      styles={{ input: { color: role.typePlanning === 'FIELD_LEADER' ? 'var(--mantine-color-teal-text)' : undefined } }}
                    />
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
