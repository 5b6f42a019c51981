import { describe, expect, it } from 'vitest';
import { graphElements } from '../../engine/charts/graph';

/** The `graph` panel's elements (engine/charts/graph.ts, docs/schemas.md "Graphs"): rows as edges, nodes once, the hub, colours. */
const edge = { source: 'from', target: 'to', sourceLabel: 'fromName', targetLabel: 'toName', colorBy: 'state', enum: 'state' };
const colors = { ON: 'teal', WAITING: 'yellow' };

describe('graphElements', () => {
  it('draws each row as an edge and each node once, labelled; the node most edges touch is the centre', () => {
    const rows = [
      { from: 1, to: 2, fromName: 'Hub', toName: 'Two', state: 'ON' },
      { from: 3, to: 1, fromName: 'Three', toName: 'Hub', state: 'WAITING' },
      { from: 1, to: 4, fromName: 'Hub', toName: '', state: 'OFF' },
    ];
    const { nodes, edges } = graphElements(rows, edge, colors);
    expect(nodes).toEqual([
      { id: '1', label: 'Hub', center: true },
      { id: '2', label: 'Two', center: false },
      { id: '3', label: 'Three', center: false },
      { id: '4', label: '4', center: false },
    ]);
    expect(edges.map(({ source, target, value, color }) => [source, target, value, color])).toEqual([
      ['1', '2', 'ON', 'teal'],
      ['3', '1', 'WAITING', 'yellow'],
      ['1', '4', 'OFF', 'gray'],
    ]);
  });

  it('leaves out rows without both ends and loops', () => {
    const rows = [{ from: 1 }, { to: 2 }, { from: 5, to: 5 }, { from: '', to: 3 }, { from: null, to: 3 }];
    expect(graphElements(rows, edge, colors)).toEqual({ nodes: [], edges: [] });
  });

  it('without labels or colours: ids and the neutral colour', () => {
    const { nodes, edges } = graphElements([{ a: 'x', b: 'y' }], { source: 'a', target: 'b' }, undefined);
    expect(nodes.map((node) => node.label)).toEqual(['x', 'y']);
    expect(edges[0]).toMatchObject({ value: '', color: 'gray' });
  });
});
