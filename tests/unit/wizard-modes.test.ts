import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ScreenConfig, WizardSaveConfig } from '../../engine/config';
import { machineFromConfig, type MachineConfig } from '../../engine/workflow/configMachine';
import { screenInMode, stepOfPath, stepsOfMachine } from '../../engine/wizard/wizardModes';
import { isLastStep } from '../../engine/wizard/wizardSteps';
import { saveRequest, type WizardSource } from '../../engine/wizard/useWizardSource';

/** A wizard's modes, the steps each machine walks and where a refused save lands, on the config-author widget wizard. */
const fixture = (file: string) => JSON.parse(readFileSync(join(fileURLToPath(new URL('../fixtures/config-author', import.meta.url)), file), 'utf8'));
const wizard = fixture('screens/widgetWizard.json') as ScreenConfig;
const machine = (name: string) => machineFromConfig(fixture(`machines/${name}.json`) as MachineConfig);
const names = (screen: ScreenConfig) => stepsOfMachine(screen.steps ?? [], machine(screen.machine ?? '')).map((step) => step.name);

describe('wizard modes (docs/schemas.md "Wizards")', () => {
  it('takes the mode of ?mode= (any case): its machine, title and cancel replace the screen’s; no or an unknown mode is the screen as written', () => {
    const short = screenInMode(wizard, 'short');
    expect([short.machine, short.title, short.cancel, short.route]).toEqual(['widgetWizardShort', 'screen.widgetWizardShort', '/widgets/wizard', '/widgets/wizard']);
    expect(screenInMode(wizard, null)).toBe(wizard);
    expect(screenInMode(wizard, 'LONG')).toBe(wizard);
  });

  it('shows the steps the mode’s machine walks, in the screen’s order', () => {
    expect(names(wizard)).toEqual(['identity', 'making', 'summary']);
    expect(names(screenInMode(wizard, 'SHORT'))).toEqual(['identity', 'summary']);
  });

  it('saves on the step without a NEXT', () => {
    const short = machine('widgetWizardShort');
    expect([isLastStep(short, 'identity'), isLastStep(short, 'summary')]).toEqual([false, true]);
  });

  it('opens the step holding a refused field: the longest of its paths, else its fields', () => {
    const steps = [
      { name: 'who', title: 'who', paths: ['/owner'] },
      { name: 'what', title: 'what', fields: ['name', 'size'], paths: ['/'] },
      { name: 'notify', title: 'notify', paths: ['/owner/notify'] },
    ];
    expect(stepOfPath(steps, '/owner/name')).toBe('who');
    expect(stepOfPath(steps, '/owner/notify/0')).toBe('notify');
    expect(stepOfPath(steps, '/size')).toBe('what');
    expect(stepOfPath(steps, '/anything/else')).toBe('what');
    expect(stepOfPath(steps, '/ownership')).toBe('what'); // a prefix holds whole segments only
    expect(stepOfPath(steps.slice(0, 1), '/size')).toBeNull();
  });
});

describe('wizard save requests', () => {
  const source = (existing: Record<string, unknown> | null): WizardSource => ({ loading: false, failed: false, initial: existing, existing, replacing: false, params: { widgetId: '7' } });
  const save: WizardSaveConfig = { url: '/back/bo/widgets/{widgetId}/copies' };

  it('POSTs what was loaded when the mode says post, without its version', () => {
    expect(saveRequest({ ...save, method: 'post' }, source({ version: 3 }), { name: 'A' }, {})).toEqual({ method: 'post', url: '/back/bo/widgets/7/copies', body: { name: 'A' } });
  });

  it('PUTs with the loaded version by default, or when the mode says put', () => {
    expect(saveRequest(save, source({ version: 3 }), { name: 'A' }, {}).method).toBe('put');
    expect(saveRequest({ ...save, method: 'put' }, source({ version: 3 }), { name: 'A' }, {})).toEqual({ method: 'put', url: '/back/bo/widgets/7/copies', body: { name: 'A', version: 3 } });
  });

  it('lets a page shape the body and name the URL', () => {
    const request = (data: Record<string, unknown>, existing: Record<string, unknown> | null) => ({ url: `/back/bo/widgets/${String(existing?.id)}/rename`, body: { to: data.name } });
    expect(saveRequest({ ...save, method: 'post' }, source({ id: 9, version: 3 }), { name: 'B' }, {}, request)).toEqual({ method: 'post', url: '/back/bo/widgets/9/rename', body: { to: 'B' } });
  });
});
