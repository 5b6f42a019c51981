import { Alert, Center, Loader } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { highlighted, type WorkflowChart } from './charts';

let mermaidLoad: Promise<typeof import('mermaid').default> | null = null;
/** Mermaid is large: it loads with the first diagram, never with the engine. */
function loadMermaid() {
  mermaidLoad ??= import('mermaid').then(({ default: mermaid }) => {
    // At its natural size: a large machine scrolls rather than shrinking into unreadable text.
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral', state: { useMaxWidth: false } });
    return mermaid;
  });
  return mermaidLoad;
}

/** Below this scale the labels are too small to read: the diagram scrolls instead. */
const MIN_SCALE = 0.6;

/** Shrinks the drawn SVG to the box's width, down to MIN_SCALE (Mermaid draws it at its natural size). */
function fitWidth(box: HTMLElement) {
  const svg = box.querySelector('svg');
  const width = Number(svg?.getAttribute('width'));
  const height = Number(svg?.getAttribute('height')) || svg?.viewBox.baseVal.height;
  // The box is hidden until drawn: its parent has the width.
  const room = box.parentElement?.clientWidth ?? 0;
  if (!svg || !width || !height || !room) return;
  const scale = Math.max(MIN_SCALE, Math.min(1, room / width));
  svg.setAttribute('width', String(width * scale));
  svg.setAttribute('height', String(height * scale));
}

export interface WorkflowDiagramProps {
  chart: WorkflowChart;
  /** A state to highlight (a record's status). */
  current?: string;
}

/** A machine drawn by Mermaid, laid out automatically, with `current` highlighted. */
export function WorkflowDiagram({ chart, current }: WorkflowDiagramProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const id = `workflow-${useId().replace(/[^\w]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let live = true;
    setState('loading');
    loadMermaid()
      .then((mermaid) => mermaid.render(id, highlighted(chart, current)))
      .then(({ svg }) => {
        if (!live || !box.current) return;
        box.current.innerHTML = svg;
        fitWidth(box.current);
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [chart, current, id]);

  return (
    <>
      {state === 'loading' && (
        <Center mih={200}>
          <Loader size="sm" />
        </Center>
      )}
      {state === 'failed' && <Alert color="red">{t('engine.workflow.failed')}</Alert>}
      <div ref={box} data-testid="workflow-diagram" data-machine={chart.id} data-current={current ?? ''} style={{ overflowX: 'auto', display: state === 'ready' ? 'block' : 'none' }} />
    </>
  );
}
