import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../api';
import type { ComputeConfig } from '../config';
import type { FieldError } from '../form/validation';
import { screenIcon } from '../ui/icons';

type Row = Record<string, unknown>;
const filled = (value: unknown) => value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '');

/** Whether a compute button may run: the form is editable and every field it requires is filled. */
export const computeEnabled = (compute: ComputeConfig, record: Row, readOnly: boolean) => !readOnly && compute.requires.every((field) => filled(record[field]));

/**
 * A form panel's `computes` (docs/schemas.md "Fields computed by a call"): each button asks its call
 * with the record's fields and writes the answer into the record, as if typed (Save still stores it).
 * A refusal (an address the server cannot place) shows its message under the buttons and its field
 * errors beside the fields (`onErrors`), until the next run.
 */
export function ComputeButtons({ computes, record, readOnly, onChange, onErrors }: { computes: ComputeConfig[]; record: Row; readOnly: boolean; onChange: (next: Row) => void; onErrors: (errors: FieldError[]) => void }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (compute: ComputeConfig) => {
    setRunning(compute.label);
    setFailure(null);
    onErrors([]);
    try {
      const query = Object.fromEntries(Object.entries(compute.params).map(([param, field]) => [param, record[field]]));
      const answer = await api.get<Row>(compute.url, { query, quiet: true });
      onChange({ ...record, ...Object.fromEntries(Object.entries(compute.sets).map(([from, field]) => [field, answer[from]])) });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
      if (error instanceof ApiError) onErrors(error.body?.errors ?? []);
    } finally {
      setRunning(null);
    }
  };

  return (
    <>
      <Group gap="sm" mt="sm">
        {computes.map((compute) => {
          const Icon = screenIcon(compute.icon);
          return (
            <Button
              key={compute.label}
              variant="light"
              leftSection={<Icon size={16} stroke={1.5} />}
              disabled={!computeEnabled(compute, record, readOnly)}
              loading={running === compute.label}
              onClick={() => void run(compute)}
              data-testid={compute.name}
            >
              {t(compute.label)}
            </Button>
          );
        })}
      </Group>
      {failure && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {failure}
        </Text>
      )}
    </>
  );
}
