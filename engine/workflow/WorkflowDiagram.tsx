import { ActionIcon, Alert, Box, Center, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconArrowsMinimize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

let mermaidLoad: Promise<typeof import('mermaid').default> | null = null;
/**
 * Mermaid and the ELK layout are large: they load with the first diagram, never with the engine.
 * ELK places states in layers with orthogonal arrows and room for their labels, where Mermaid's
 * default (dagre) drew a 5-state machine 1,857 px wide with labels over each other.
 */
function loadMermaid() {
  mermaidLoad ??= Promise.all([import('mermaid'), import('@mermaid-js/layout-elk')]).then(([{ default: mermaid }, { default: elkLayouts }]) => {
    mermaid.registerLayoutLoaders(elkLayouts);
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'neutral',
      layout: 'elk',
      // Depth first from the initial state: it stays at the top and the usual path reads downwards.
      elk: { nodePlacementStrategy: 'NETWORK_SIMPLEX', mergeEdges: false, cycleBreakingStrategy: 'DEPTH_FIRST', considerModelOrder: 'NODES_AND_EDGES' },
      state: { useMaxWidth: false },
    });
    return mermaid;
  });
  return mermaidLoad;
}

/** Zoom steps and bounds; 1 is Mermaid's natural size. */
const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.2;
const MAX_ZOOM = 3;
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

export interface WorkflowDiagramProps {
  /** The Mermaid text to draw. */
  source: string;
  /** The machine's id and the highlighted state, for the page's readers and tests. */
  machine: string;
  current?: string;
}

/**
 * A machine drawn by Mermaid (ELK layout), first fitted to the width of its panel (never
 * enlarged), then zoomed with the buttons or Ctrl + wheel; a zoomed diagram scrolls in its panel.
 */
export function WorkflowDiagram({ source, machine, current }: WorkflowDiagramProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const natural = useRef<{ width: number; height: number } | null>(null);
  const id = `workflow-${useId().replace(/[^\w]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [zoom, setZoom] = useState(1);

  /** The zoom at which the diagram fills the panel's width (at most its natural size). */
  const fitZoom = useCallback(() => {
    const room = frame.current?.clientWidth ?? 0;
    return natural.current && room ? Math.min(1, room / natural.current.width) : 1;
  }, []);

  useEffect(() => {
    let live = true;
    setState('loading');
    loadMermaid()
      .then((mermaid) => mermaid.render(id, source))
      .then(({ svg }) => {
        if (!live || !box.current) return;
        box.current.innerHTML = svg;
        const drawn = box.current.querySelector('svg');
        const view = drawn?.viewBox.baseVal;
        natural.current = view?.width ? { width: view.width, height: view.height } : null;
        setState('ready');
        setZoom(fitZoom());
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [source, id, fitZoom]);

  // The SVG is sized, not transformed: the panel scrolls over exactly the drawn area and text stays sharp.
  useEffect(() => {
    const drawn = box.current?.querySelector('svg');
    if (!drawn || !natural.current) return;
    drawn.setAttribute('width', String(Math.round(natural.current.width * zoom)));
    drawn.setAttribute('height', String(Math.round(natural.current.height * zoom)));
    drawn.style.maxWidth = 'none';
  }, [zoom, state]);

  // Ctrl + wheel zooms (a plain wheel scrolls the page); a non-passive listener may prevent the browser's own zoom.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      setZoom((zoom) => clampZoom(event.deltaY < 0 ? zoom * ZOOM_STEP : zoom / ZOOM_STEP));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const zoomButton = (label: string, icon: ReactNode, next: () => number, testId: string) => (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="default" size="md" aria-label={label} data-testid={testId} onClick={() => setZoom(clampZoom(next()))} disabled={state !== 'ready'}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Box>
      <Group gap={6} justify="flex-end" mb={6}>
        <Text size="xs" c="dimmed" data-testid="workflow-zoom">
          {Math.round(zoom * 100)} %
        </Text>
        {zoomButton(t('engine.workflow.zoomOut'), <IconZoomOut size={16} />, () => zoom / ZOOM_STEP, 'workflow-zoom-out')}
        {zoomButton(t('engine.workflow.fit'), <IconArrowsMinimize size={16} />, fitZoom, 'workflow-fit')}
        {zoomButton(t('engine.workflow.zoomIn'), <IconZoomIn size={16} />, () => zoom * ZOOM_STEP, 'workflow-zoom-in')}
      </Group>
      {/* It scrolls: focusable, so the keyboard scrolls it too (WCAG 2.1.1). */}
      <div
        ref={frame}
        data-testid="workflow-frame"
        tabIndex={0}
        role="region"
        aria-label={t('engine.workflow.title', { machine })}
        style={{ overflow: 'auto', maxHeight: '70vh', width: '100%' }}
      >
        {state === 'loading' && (
          <Center mih={200}>
            <Loader size="sm" />
          </Center>
        )}
        {state === 'failed' && <Alert color="red">{t('engine.workflow.failed')}</Alert>}
        <div ref={box} data-testid="workflow-diagram" data-machine={machine} data-current={current ?? ''} style={{ display: state === 'ready' ? 'block' : 'none', width: 'max-content' }} />
      </div>
    </Box>
  );
}
