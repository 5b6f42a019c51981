import type { GraphEdgeConfig } from '../config';
import { valueColor, type ValueColors } from '../format/colors';

type Row = Record<string, unknown>;

/**
 * The nodes and edges a `graph` panel draws (docs/schemas.md "Graphs"): each row is an edge between
 * the two nodes its `source` and `target` fields name, labelled by `sourceLabel` / `targetLabel`,
 * coloured by the value of `colorBy` (the enum's `x-colors`). A node is drawn once, however many edges;
 * the node most edges touch is the centre (the hub of a star).
 */
export interface GraphNode {
  id: string;
  label: string;
  center: boolean;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  color: string;
  value: string;
}

const idOf = (value: unknown) => (value === undefined || value === null || value === '' ? null : String(value));

export function graphElements(rows: Row[], edge: GraphEdgeConfig, colors: ValueColors | undefined): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = new Map<string, GraphNode>();
  const node = (id: string, label: unknown) => {
    if (!nodes.has(id)) nodes.set(id, { id, label: typeof label === 'string' && label.trim() ? label : id, center: false });
  };
  const edges: GraphEdge[] = [];
  rows.forEach((row, index) => {
    const source = idOf(row[edge.source]);
    const target = idOf(row[edge.target]);
    if (!source || !target || source === target) return;
    node(source, edge.sourceLabel ? row[edge.sourceLabel] : source);
    node(target, edge.targetLabel ? row[edge.targetLabel] : target);
    const value = edge.colorBy ? String(row[edge.colorBy] ?? '') : '';
    edges.push({ id: `e${index}`, source, target, value, color: valueColor(value, colors) });
  });
  const center = busiestNode(edges);
  return { nodes: [...nodes.values()].map((one) => ({ ...one, center: one.id === center })), edges };
}

function busiestNode(edges: GraphEdge[]): string | null {
  const counts = new Map<string, number>();
  for (const { source, target } of edges) for (const id of [source, target]) counts.set(id, (counts.get(id) ?? 0) + 1);
  let best: string | null = null;
  for (const [id, count] of counts) if (best === null || count > counts.get(best)!) best = id;
  return best;
}
