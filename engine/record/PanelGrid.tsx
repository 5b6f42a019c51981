import { Grid, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PanelConfig } from '../config';
import { rowMatches } from '../search/rowActions';

type Row = Record<string, unknown>;

export interface PanelGridProps {
  panels: PanelConfig[];
  /** The record the panels' `when` conditions read. */
  record: Row;
  /** The panel itself (null: nothing to draw, e.g. an unknown kind). */
  render: (panel: PanelConfig, key: string) => ReactNode;
}

/**
 * A tab's panels in a 12-column grid: each takes its `span` (default the whole width) on a wide
 * screen and the whole width on a narrow one; a `stack` panel holds panels one under the other in
 * its column; a panel whose `when` the record does not match is left out.
 */
export function PanelGrid({ panels, record, render }: PanelGridProps) {
  const card = (panel: PanelConfig, key: string, fill: boolean) => {
    const content = render(panel, key);
    return (
      content && (
        <Paper key={key} withBorder radius="md" p="md" h={fill ? '100%' : undefined} data-testid={panel.name}>
          {content}
        </Paper>
      )
    );
  };
  const shown = (list: PanelConfig[]) => list.filter((panel) => rowMatches(panel.when, record));
  return (
    <Grid gap="md">
      {shown(panels).map((panel, index) => (
        <Grid.Col key={index} span={{ base: 12, lg: panel.span ?? 12 }}>
          {panel.kind === 'stack' ? (
            <Stack gap="md" data-testid={panel.name}>
              {shown(panel.panels ?? []).map((inner, at) => card(inner, `${index}-${at}`, false))}
            </Stack>
          ) : (
            card(panel, String(index), true)
          )}
        </Grid.Col>
      ))}
    </Grid>
  );
}
