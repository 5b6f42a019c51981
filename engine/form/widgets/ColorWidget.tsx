import { ColorInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { WidgetProps } from '@rjsf/utils';
import { baseInputProps, emptyToUndefined } from './common';

/**
 * Colour picker sizes (spec §9): a 300 px picker, 480 px on screens at least 1600 px wide, and
 * eight swatches. `ui:options.swatches` replaces the swatches; the value is `#rrggbb`.
 */
export const COLOR_PICKER_WIDTH = { narrow: 300, wide: 480, threshold: 1600 } as const;
export const DEFAULT_SWATCHES = ['#228be6', '#12b886', '#fa5252', '#f59f00', '#7950f2', '#e64980', '#15aabf', '#495057'];

export function ColorWidget(props: WidgetProps) {
  const { value, onChange, onBlur, id, options } = props;
  const wide = useMediaQuery(`(min-width: ${COLOR_PICKER_WIDTH.threshold}px)`);
  const swatches = Array.isArray(options.swatches) ? (options.swatches as string[]) : DEFAULT_SWATCHES;
  const width = wide ? COLOR_PICKER_WIDTH.wide : COLOR_PICKER_WIDTH.narrow;
  return (
    <ColorInput
      {...baseInputProps(props)}
      format="hex"
      value={typeof value === 'string' ? value : ''}
      onChange={(next) => onChange(emptyToUndefined(next))}
      onBlur={() => onBlur(id, value)}
      swatches={swatches}
      swatchesPerRow={swatches.length}
      fullWidth
      withEyeDropper={false}
      closeOnColorSwatchClick
      popoverProps={{ width, withinPortal: true }}
      data-testid={`color-${id}`}
    />
  );
}
