import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PanelProps } from '../../../../engine/record/panels';
import { stepErrors, WIZARD_MODES, type ServiceDraft, type WizardDraft, type WizardError, type WizardLimits, type WizardMode, type WizardStep } from '../../../../machines/serviceWizard';
import { useReadySession } from '../../../auth/session';
import type { ServiceView } from '../shared/serviceApi';
import { useWizardLimits } from './fields';
import { customObjects, type CustomObjects } from '../customFields/serviceCustomFields';
import { wizardUserOf, type WizardUser } from './wizardCaller';

/** The wizard's mode from `?mode=` (NEW when absent or unknown; QUICK is the light wizard's). */
export function wizardModeOf(asked: string | null): WizardMode {
  const mode = (asked ?? 'NEW').toUpperCase();
  return (WIZARD_MODES as readonly string[]).includes(mode) ? (mode as WizardMode) : 'NEW';
}

/** What a step of the service wizard draws and changes (the light wizard's: its flat draft). */
export interface StepProps<D = WizardDraft> {
  draft: D;
  /** Changes the draft; changes made in one go compose. */
  edit: (change: (draft: D) => D) => void;
  /** The step's refusals: its rules' (on Next) and a refused save's messages. */
  errors: WizardError[];
  mode: WizardMode;
  user: WizardUser;
  /** The service the wizard starts from (EDIT, DUPLICATE, ORDER, RESCHEDULE). */
  source: ServiceView | null;
}

/** A change of some service fields of the draft. */
export const editService = (edit: StepProps['edit']) => (patch: Partial<ServiceDraft>) => edit((draft) => ({ ...draft, service: { ...draft.service, ...patch } }));

/** The rules a step's Next checks, on its draft. */
export type StepRules<D> = (draft: D, context: { user: WizardUser; mode: WizardMode; limits: WizardLimits; customFields: CustomObjects }) => WizardError[];

/** The rules of a step of the full wizard (machines/serviceWizard.ts). */
export const rulesOf =
  (step: WizardStep): StepRules<WizardDraft> =>
  (draft, { user, mode, limits }) =>
    stepErrors(step, draft, user, mode, limits);

/**
 * A step of the service wizard as a panel of the engine's wizard (schemas/screens/serviceWizard.json):
 * Next runs the step's rules (the server's) and shows what they refuse; a refusal goes as soon as its
 * field is right. `serverPath` puts a refused save's path on the step's field.
 */
export function stepPanel<D>(stepRules: StepRules<D>, Step: ComponentType<StepProps<D>>, serverPath = (path: string) => path): ComponentType<PanelProps> {
  return function StepPanel({ record, onChange, serverErrors, registerSubmit, saved }: PanelProps) {
    const { profile, config } = useReadySession();
    const customFields = customObjects(config);
    const user = useMemo(() => wizardUserOf(profile), [profile]);
    const [params] = useSearchParams();
    const mode = wizardModeOf(params.get('mode'));
    const limits = useWizardLimits();
    const draft = record as unknown as D;
    const [refused, setRefused] = useState<WizardError[]>([]);
    const rules = (values: D) => stepRules(values, { user, mode, limits, customFields });
    const latest = useRef({ draft, rules });
    latest.current = { draft, rules };
    useEffect(
      () =>
        registerSubmit(async () => {
          const found = latest.current.rules(latest.current.draft);
          setRefused(found);
          return found.length === 0;
        }),
      [registerSubmit],
    );
    const failing = new Set(rules(draft).map((error) => error.path));
    const errors = [...serverErrors.map(({ path, message }) => ({ path: serverPath(path), message })), ...refused.filter((error) => failing.has(error.path))];
    const edit = (change: (values: D) => D) => {
      latest.current.draft = change(latest.current.draft);
      onChange(latest.current.draft as unknown as Record<string, unknown>);
    };
    return <Step draft={draft} edit={edit} errors={errors} mode={mode} user={user} source={saved as ServiceView | null} />;
  };
}
