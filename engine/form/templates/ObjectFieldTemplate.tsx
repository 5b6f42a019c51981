import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { getUiOptions, type ObjectFieldTemplatePropertyType, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { titleText } from '../../i18n';

interface Section {
  title: string;
  fields: string[];
}

const spanOf = (uiSchema: ObjectFieldTemplateProps['uiSchema'], name: string): number => {
  const span = uiSchema?.[name]?.['ui:options']?.span;
  return typeof span === 'number' && span >= 1 && span <= 12 ? span : 6;
};

/**
 * Fields on a 12-column grid (`ui:options.span`), grouped under titled sections when the ui
 * file has `ui:sections`. Array items use it too: `layout: row` is one table row without labels.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { t } = useTranslation();
  const { properties, uiSchema, title, description, fieldPathId } = props;
  const options = getUiOptions(uiSchema);
  const isRoot = fieldPathId.path.length === 0;
  // Array items are numbered by the list; RJSF's "<list>-<n>" title would repeat it.
  const isItem = typeof fieldPathId.path[fieldPathId.path.length - 1] === 'number';
  const isRow = options.layout === 'row';
  const hidden = properties.filter((p) => p.hidden);
  const visible = properties.filter((p) => !p.hidden);

  const grid = (fields: ObjectFieldTemplatePropertyType[]) => (
    <Grid gap={isRow ? "xs" : "md"} align="flex-start">
      {fields.map((p) => (
        <Grid.Col key={p.name} span={isRow ? spanOf(uiSchema, p.name) : { base: 12, sm: spanOf(uiSchema, p.name) }}>
          {p.content}
        </Grid.Col>
      ))}
    </Grid>
  );
  // Hidden widgets still take part in the form state.
  const hiddenBlock = hidden.length > 0 && <div style={{ display: 'none' }}>{hidden.map((p) => <div key={p.name}>{p.content}</div>)}</div>;

  const sections = isRoot && Array.isArray(options.sections) ? (options.sections as Section[]) : null;
  if (sections) {
    const placed = new Set(sections.flatMap((s) => s.fields));
    const groups = [
      ...sections.map((s) => ({ title: titleText(t, s.title), fields: s.fields.map((f) => visible.find((p) => p.name === f)).filter((p) => !!p) })),
      { title: t('engine.form.otherFields'), fields: visible.filter((p) => !placed.has(p.name)) },
    ].filter((g) => g.fields.length > 0);
    return (
      <Stack gap="md">
        {groups.map((group) => (
          <Paper key={group.title} withBorder radius="md" p="md" component="section" aria-label={group.title}>
            {/* A level under a page's or a dialog's title (h2), drawn small: a skipped level misleads a screen reader's outline (axe heading-order). */}
            <Title order={3} size="h5" mb="sm" c="var(--mantine-primary-color-filled)">
              {group.title}
            </Title>
            {grid(group.fields)}
          </Paper>
        ))}
        {hiddenBlock}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      {!isRoot && !isRow && !isItem && title && options.label !== false && (
        <Text fw={600} size="sm">
          {title}
        </Text>
      )}
      {!isRow && description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
      {grid(visible)}
      {hiddenBlock}
    </Stack>
  );
}
