import { Box, Group, Text, useMantineTheme, type MantineTheme } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { enumText } from '../i18n';
import type { PanelProps } from '../record/panels';
import { colorsOf } from '../format/colors';
import { chartRows } from './chartData';
import { graphElements, type GraphEdge, type GraphNode } from './graph';
import { PanelHeading } from './PanelHeading';
import { PanelStatus } from './PanelStatus';
import { usePanelTarget } from './panelTarget';
import { usePanelData } from './usePanelData';

/** A theme colour name (`teal`, `teal.4`) as the hex code a canvas paints. */
function paint(theme: MantineTheme, color: string): string {
  const [name, shade] = color.split('.');
  return theme.colors[name]?.[Number(shade ?? 6)] ?? color;
}

type Cytoscape = typeof import('cytoscape');
let cytoscapeLoad: Promise<Cytoscape> | null = null;
/** The graph library, fetched the first time a graph shows (never in the chunk of the page around it). */
const loadCytoscape = () => (cytoscapeLoad ??= import('cytoscape').then((module) => module.default));

/**
 * Panel kind `graph` (docs/schemas.md "Graphs"): the rows a call answers as the edges of a graph —
 * each row joins the nodes its `edge.source` and `edge.target` fields name — drawn by cytoscape
 * (loaded on first show), edges coloured by an enum's `x-colors`, with a legend of those values.
 * The drawing is an image named by its counts; the same rows are readable elsewhere on the page.
 */
export function GraphPanel(props: PanelProps) {
  const { panel, config } = props;
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const target = usePanelTarget(props);
  const { answer, loading, error } = usePanelData(target.url, target.query);
  const edge = useMemo(() => panel.edge ?? { source: 'source', target: 'target' }, [panel.edge]);
  const colors = useMemo(() => (edge.enum ? colorsOf(config.enums[edge.enum]) : undefined), [edge.enum, config.enums]);
  const { nodes, edges } = useMemo(() => graphElements(chartRows(answer, panel), edge, colors), [answer, panel, edge, colors]);
  const height = panel.height ?? 360;
  const legend = [...new Set(edges.map((one) => one.value).filter(Boolean))];

  return (
    <>
      <PanelHeading panel={panel} values={target.values} />
      <PanelStatus error={error} loading={loading && !answer} empty={!!answer && !edges.length} height={height}>
        <Drawing nodes={nodes} edges={edges} height={height} theme={theme} label={t('engine.graph.label', { nodes: nodes.length, edges: edges.length })} />
        {legend.length > 0 && (
          <Group gap="md" mt="xs" data-testid="graph-legend">
            {legend.map((value) => (
              <Group key={value} gap={6} wrap="nowrap">
                <Box w={18} h={4} bg={paint(theme, colors?.[value] ?? 'gray')} style={{ borderRadius: 2 }} />
                <Text size="xs">{edge.enum ? enumText(t, edge.enum, value) : value}</Text>
              </Group>
            ))}
          </Group>
        )}
      </PanelStatus>
    </>
  );
}

function Drawing({ nodes, edges, height, theme, label }: { nodes: GraphNode[]; edges: GraphEdge[]; height: number; theme: MantineTheme; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let graph: import('cytoscape').Core | null = null;
    let gone = false;
    void loadCytoscape().then((cytoscape) => {
      if (gone || !box.current) return;
      const text = theme.colors.dark[7];
      graph = cytoscape({
        container: box.current,
        elements: [
          ...nodes.map((node) => ({ data: { id: node.id, label: node.label }, classes: node.center ? 'center' : '' })),
          ...edges.map((one) => ({ data: { id: one.id, source: one.source, target: one.target, color: paint(theme, one.color) } })),
        ],
        style: [
          { selector: 'node', style: { label: 'data(label)', 'font-size': 11, color: text, 'text-valign': 'bottom', 'text-margin-y': 4, width: 18, height: 18, 'background-color': theme.colors.blue[6], 'text-wrap': 'ellipsis', 'text-max-width': '120px' } },
          { selector: 'node.center', style: { width: 30, height: 30, 'background-color': theme.colors.grape[7], 'font-weight': 'bold' } },
          { selector: 'edge', style: { width: 2, 'line-color': 'data(color)', 'curve-style': 'straight' } },
        ],
        layout: { name: 'concentric', concentric: (node: { hasClass: (name: string) => boolean }) => (node.hasClass('center') ? 2 : 1), levelWidth: () => 1, minNodeSpacing: 56, padding: 24, animate: false },
        userZoomingEnabled: false,
        boxSelectionEnabled: false,
        autoungrabify: true,
      });
    });
    return () => {
      gone = true;
      graph?.destroy();
    };
  }, [nodes, edges, theme]);
  // Clipped: after the window narrows, cytoscape's canvases keep their old width until it redraws them, which
  // would push the page sideways meanwhile.
  return <Box ref={box} h={height} role="img" aria-label={label} data-testid="graph" style={{ position: 'relative', overflow: 'hidden', border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }} />;
}
