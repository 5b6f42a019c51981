import { ActionIcon, Badge, Box, Button, Grid, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { getUiOptions, orderProperties, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** Width kept at the end of each row for the remove button. */
const ACTIONS_WIDTH = 36;

/** Column headers of a table-like array: the item titles with the item spans. */
function HeaderRow({ uiSchema, schema }: Pick<ArrayFieldTemplateProps, 'uiSchema' | 'schema'>) {
  const itemsUi = (uiSchema?.items ?? {}) as Record<string, any>;
  const itemSchema = (schema.items ?? {}) as { properties?: Record<string, unknown>; required?: string[] };
  const names = orderProperties(Object.keys(itemSchema.properties ?? {}), itemsUi['ui:order']);
  return (
    <Group gap={0} wrap="nowrap" px="sm" py={6} bg="var(--mantine-color-default-hover)" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Grid gap="xs" style={{ flex: 1 }}>
        {names
          .filter((name) => itemsUi[name]?.['ui:widget'] !== 'hidden')
          .map((name) => (
            <Grid.Col key={name} span={itemsUi[name]?.['ui:options']?.span ?? 6}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" truncate>
                {itemsUi[name]?.['ui:title'] ?? name}
                {itemSchema.required?.includes(name) && <span style={{ color: 'var(--mantine-color-error)' }}> *</span>}
              </Text>
            </Grid.Col>
          ))}
      </Grid>
      <Box w={ACTIONS_WIDTH} />
    </Group>
  );
}

/** Arrays of objects as a neat list: table-like rows when the fields fit one row, else cards. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const { items, canAdd, onAddClick, title, uiSchema, schema, readonly, disabled, required, rawErrors, fieldPathId } = props;
  const layout = getUiOptions(uiSchema?.items as never).layout;
  const label = (getUiOptions(uiSchema).title as string | undefined) ?? title;
  const editable = !readonly && !disabled;
  return (
    <Stack gap={6} id={fieldPathId.$id}>
      <Group justify="space-between" gap="xs">
        <Group gap={6}>
          <Text size="sm" fw={500}>
            {label}
            {required && <span style={{ color: 'var(--mantine-color-error)' }}> *</span>}
          </Text>
          <Badge size="sm" variant="light" color="gray" circle={items.length < 10}>
            {items.length}
          </Badge>
        </Group>
        {canAdd && editable && (
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={onAddClick}>
            {t('engine.form.addItem')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {layout === 'row' && items.length > 0 && <HeaderRow uiSchema={uiSchema} schema={schema} />}
        {items.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('engine.form.noItems')}
          </Text>
        )}
        {items.map((item, index) => (
          <Fragment key={item.key ?? index}>{item}</Fragment>
        ))}
      </Paper>
      {rawErrors && rawErrors.length > 0 && (
        <Text size="xs" c="red">
          {rawErrors.join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

/** One item of the list, with its remove button. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { t } = useTranslation();
  const { children, buttonsProps, index, totalItems, parentUiSchema } = props;
  const card = getUiOptions(parentUiSchema?.items as never).layout === 'card';
  const remove = buttonsProps.hasRemove && !buttonsProps.readonly && !buttonsProps.disabled && (
    <Tooltip label={t('engine.form.remove')} withinPortal>
      <ActionIcon variant="subtle" color="red" onClick={buttonsProps.onRemoveItem} aria-label={t('engine.form.removeItem', { n: index + 1 })}>
        <IconTrash size={16} stroke={1.5} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Box px="sm" py={card ? 'sm' : 6} style={index < totalItems - 1 ? { borderBottom: '1px solid var(--mantine-color-default-border)' } : undefined}>
      {card && (
        <Group justify="space-between" mb={4}>
          <Badge variant="light" size="sm">
            {index + 1}
          </Badge>
          {remove}
        </Group>
      )}
      <Group gap={0} wrap="nowrap" align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
        {!card && (
          <Box w={ACTIONS_WIDTH} pt={4} style={{ display: 'flex', justifyContent: 'flex-end' }}>
            {remove}
          </Box>
        )}
      </Group>
    </Box>
  );
}
