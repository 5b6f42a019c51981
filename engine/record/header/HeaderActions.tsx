import { Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig, HeaderActionConfig } from '../../config';
import { actionText } from '../../i18n';
import { notify } from '../../notify';
import { CommentDialog, limitOf } from './CommentDialog';
import { headerIcon } from './headerIcons';

type Row = Record<string, unknown>;

export interface HeaderActionsProps {
  /** The actions to show (visibleActions: the machine accepts them and the rights allow them). */
  actions: readonly HeaderActionConfig[];
  machine: string;
  record: Row;
  config: Pick<AppConfig, 'entities'>;
  /** Unsaved edits hold the actions (a transition reloads the record). */
  dirty?: boolean;
  /** Sends the event (the comment as `{ comment }`); resolves true when the server took it. */
  runEvent: (event: string, input: Row) => Promise<boolean>;
}

/** Workflow action buttons as configured: icon and colour, a question first where configured, then the success message. */
export function HeaderActions({ actions, machine, record, config, dirty, runEvent }: HeaderActionsProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<HeaderActionConfig | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const label = (action: HeaderActionConfig) => (action.label ? t(action.label) : actionText(t, machine, action.event));

  const run = async (action: HeaderActionConfig, comment = '') => {
    setRunning(action.event);
    const done = await runEvent(action.event, comment ? { comment } : {});
    setRunning(null);
    setAsking(null);
    if (done && action.success) notify({ level: 'success', message: t(action.success, record) });
  };

  const confirm = asking?.confirm;
  return (
    <>
      {actions.map((action) => {
        const Icon = headerIcon(action.icon);
        return (
          <Tooltip key={action.event} label={t('engine.sheet.saveFirst')} disabled={!dirty} withinPortal>
            <Button
              color={action.color}
              variant={action.variant ?? 'light'}
              leftSection={Icon ? <Icon size={16} /> : undefined}
              loading={running === action.event && !asking}
              disabled={dirty || (running !== null && running !== action.event)}
              onClick={() => (action.confirm ? setAsking(action) : void run(action))}
            >
              {label(action)}
            </Button>
          </Tooltip>
        );
      })}
      <CommentDialog
        opened={!!asking && !!confirm}
        question
        title={asking ? label(asking) : ''}
        message={confirm ? t(confirm.message, record) : undefined}
        commentLabel={confirm?.comment ? t(confirm.comment.label) : undefined}
        max={limitOf(config, confirm?.comment?.limit)}
        requiredMessage={confirm?.comment?.required ? t(confirm.comment.required) : undefined}
        confirmLabel={asking ? label(asking) : ''}
        confirmColor={confirm?.danger ? 'red' : undefined}
        backLabel={t('engine.action.back')}
        loading={running !== null}
        onConfirm={(comment) => void run(asking!, comment)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
