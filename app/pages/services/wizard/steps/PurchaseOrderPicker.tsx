import { Button, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../../engine/api';
import { formatNumber } from '../../../../../engine/format/values';
import { useLookupSelect } from '../../../../../engine/lookup/lookupSelect';
import type { WizardDraft } from '../../../../../machines/serviceWizard';
import { inOrder, withOrderLines, type OrderLineView } from '../purchaseOrderLines';
import type { StepProps } from '../stepPanel';

const ORDERS = '/back/bo/combospa/filters/purchaseOrders';

/**
 * The order lines step's "from a purchase order": a person picks one of the client's orders to the
 * service's supplier (else factory) and chooses its lines, which fill the service's order lines with
 * their quantities and links (purchaseOrderLines.ts). Nothing is offered before both parties are chosen.
 */
export function PurchaseOrderPicker({ draft, edit }: Pick<StepProps, 'draft' | 'edit'>) {
  const { t, i18n } = useTranslation();
  const { client, supplier, factory } = draft.service;
  const orderTaker = supplier ?? factory;
  const url = client && orderTaker ? `${ORDERS}?orderMakerId=${client}&orderTakerId=${orderTaker}` : undefined;
  const [orderId, setOrderId] = useState<number | null>(null);
  const [lines, setLines] = useState<OrderLineView[]>([]);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const lookup = useLookupSelect(url ? { url } : undefined, orderId === null ? [] : [orderId]);

  useEffect(() => {
    if (orderId === null) return;
    let live = true;
    api.get<OrderLineView[]>(`/back/bo/purchaseOrders/${orderId}/lines`).then((found) => {
      if (!live) return;
      setLines(inOrder(found));
      setChosen(new Set(found.map((line) => line.orderLineId)));
    });
    return () => {
      live = false;
    };
  }, [orderId]);

  const pick = (value: string | null) => {
    setLines([]);
    setChosen(new Set());
    setOrderId(value === null ? null : Number(lookup.original(value)));
  };
  const toggle = (id: number, on: boolean) => setChosen((current) => new Set([...current].filter((other) => other !== id).concat(on ? [id] : [])));
  const inDraft = new Set(draft.purchaseOrderLines.map((line) => line.orderLineId));
  const picked = lines.filter((line) => chosen.has(line.orderLineId) && !inDraft.has(line.orderLineId));
  const add = () => edit((current: WizardDraft) => ({ ...current, purchaseOrderLines: withOrderLines(current.purchaseOrderLines, picked) }));
  const describe = (line: OrderLineView) =>
    [line.sku, line.designation, line.color, line.size].filter((part) => part?.trim()).join(' · ') + ` — ${formatNumber(line.orderedQuantity, i18n.language, 0)}`;

  return (
    <Paper withBorder p="sm" radius="md" data-testid="purchase-order-picker">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            {...lookup.props}
            label={t('serviceWizard.fromOrder.pick')}
            placeholder={url ? t('serviceWizard.fromOrder.placeholder') : t('serviceWizard.fromOrder.partiesFirst')}
            disabled={!url}
            clearable
            value={orderId === null ? null : String(orderId)}
            onChange={pick}
            w={{ base: '100%', sm: 420 }}
          />
          <Button leftSection={<IconFileImport size={16} />} variant="light" disabled={!picked.length} onClick={add}>
            {t('serviceWizard.fromOrder.add', { count: picked.length })}
          </Button>
        </Group>
        {orderId !== null && !lines.length && (
          <Text size="sm" c="dimmed">
            {t('serviceWizard.fromOrder.noLines')}
          </Text>
        )}
        {lines.map((line) => (
          <Checkbox
            key={line.orderLineId}
            label={describe(line)}
            description={inDraft.has(line.orderLineId) ? t('serviceWizard.fromOrder.already') : undefined}
            disabled={inDraft.has(line.orderLineId)}
            checked={chosen.has(line.orderLineId) && !inDraft.has(line.orderLineId)}
            onChange={(event) => toggle(line.orderLineId, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
