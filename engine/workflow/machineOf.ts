import type { AnyStateMachine } from 'xstate';
import { workflows } from '../../machines/index';
import type { AppConfig } from '../config';
import { machineFromConfig } from './configMachine';

/** A record workflow by its `x-machine` name: one of machines/, or one written as JSON (schemas/machines/). */
export function machineOf(config: Pick<AppConfig, 'machines'>, name: string | undefined): AnyStateMachine | undefined {
  if (!name) return undefined;
  const json = config.machines?.[name];
  return workflows[name] ?? (json ? machineFromConfig(json) : undefined);
}
