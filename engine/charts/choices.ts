import type { ChoiceConfig, PanelConfig } from '../config';

type Row = Record<string, unknown>;

/** The choices' first values: each one's `default`, else its first option. */
export const choiceDefaults = (choices: ChoiceConfig[]): Row => Object.fromEntries(choices.map((choice) => [choice.name, choice.default ?? choice.options[0]?.value]));

/** The filter values sent with the calls: the page's own choices stay behind. */
export function withoutChoices(values: Row, choices: ChoiceConfig[]): Row {
  const own = new Set(choices.map((choice) => choice.name));
  return Object.fromEntries(Object.entries(values).filter(([name]) => !own.has(name)));
}

/** A panel as the page's choices make it: one naming a choice takes the chosen option's `set` (an unknown value: the first option's). */
export function chosenPanel(panel: PanelConfig, choices: ChoiceConfig[], values: Row): PanelConfig {
  const choice = panel.choice ? choices.find((one) => one.name === panel.choice) : undefined;
  if (!choice) return panel;
  const option = choice.options.find((one) => one.value === values[choice.name]) ?? choice.options[0];
  return { ...panel, ...option?.set };
}
