import { Badge, type BadgeProps } from '@mantine/core';
import { DECISION_COLORS, decisionTone } from '../../../../domain/decisionTone';

/**
 * A verdict or a client decision in the spec's decision colours. Dark text: white on these
 * colours does not reach WCAG AA.
 */
export function DecisionBadge({ value, reportType, label, ...props }: { value: string | undefined; reportType?: string; label: string } & BadgeProps) {
  const tone = decisionTone(value, reportType);
  return (
    <Badge
      size="lg"
      radius="sm"
      variant="filled"
      data-tone={tone}
      style={{ backgroundColor: DECISION_COLORS[tone], color: 'var(--mantine-color-black)', textTransform: 'none', fontWeight: 600 }}
      {...props}
    >
      {label}
    </Badge>
  );
}
