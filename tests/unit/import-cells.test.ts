import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { firstPerTarget, mappedValues } from '../../server/imports/cells';
import { ORDER_IMPORT } from '../../server/imports/kinds';
import { orderLineKey } from '../../server/purchaseOrders/lineKey';
import { encodingOf, separatorOf } from '../../server/imports/sheetReader';

/** docs/imports.md: how a document's bytes and cells are read before the schemas check them. */
describe('import documents and cells', () => {
  it('detects the encoding: byte-order marks, UTF-8, Windows-1252', () => {
    const text = 'Désignation;Quantité\nRobe d’été;12\nCrème brûlée;3\n'.repeat(20);
    expect(encodingOf(iconv.encode(text, 'utf-16le', { addBOM: true }))).toBe('utf-16le');
    expect(encodingOf(iconv.encode(text, 'utf-16be', { addBOM: true }))).toBe('utf-16be');
    expect(encodingOf(Buffer.from(text, 'utf8'))).toBe('utf-8');
    expect(encodingOf(iconv.encode(text.replace(/’/g, "'"), 'windows-1252'))).toBe('windows-1252');
  });

  it('detects the separator from the header line, ignoring quoted text', () => {
    expect(separatorOf('a;b;c\n1,5;2;3')).toBe(';');
    expect(separatorOf('a,b,c\n1;2;3')).toBe(',');
    expect(separatorOf('a\tb\tc')).toBe('\t');
    expect(separatorOf('"x;y;z",b,c')).toBe(',');
  });

  it('converts cells for their targets: dates, decimal commas, codes; keeps what it cannot convert', () => {
    const columns = ['purchaseOrder.orderDate', 'orderLine.orderedQuantity', 'orderLine.unit', 'purchaseOrder.deliveryDate', 'orderLine.sku'].map((target, column) => ({ column, source: target, target }));
    const values = mappedValues([new Date(Date.UTC(2031, 4, 2)), '1 234,5', 'pair', '03/07/2031', 1234], columns, ORDER_IMPORT.targets);
    expect(Object.fromEntries(values)).toEqual({ 'purchaseOrder.orderDate': '2031-05-02', 'orderLine.orderedQuantity': 1234.5, 'orderLine.unit': 'PAIR', 'purchaseOrder.deliveryDate': '2031-07-03', 'orderLine.sku': '1234' });
    expect(mappedValues(['twelve', 46000, null], columns.slice(1, 4).map((column, index) => ({ ...column, column: index })), ORDER_IMPORT.targets).get('orderLine.orderedQuantity')).toBe('twelve');
    expect(mappedValues([46000], [{ column: 0, source: 'd', target: 'purchaseOrder.orderDate' }], ORDER_IMPORT.targets).get('purchaseOrder.orderDate')).toBe('2025-12-09');
  });

  it('keys an order line by poNumber, sku, colour and size, trimmed and case-insensitive', () => {
    expect(orderLineKey({ poNumber: 'PO-1 ', sku: 'abc', color: 'Red', size: 'M' })).toBe(orderLineKey({ poNumber: 'po-1', sku: 'ABC', color: ' red', size: 'm' }));
    expect(orderLineKey({ poNumber: 'PO-1', sku: 'ABC', color: 'Red' })).not.toBe(orderLineKey({ poNumber: 'PO-1', sku: 'ABC', color: 'Red', size: 'M' }));
  });

  it('keeps the first error of a target', () => {
    expect(firstPerTarget([{ target: 'a', key: 'one' }, { target: 'a', key: 'two' }, { target: null, key: 'row' }])).toEqual([{ target: 'a', key: 'one' }, { target: null, key: 'row' }]);
  });
});
