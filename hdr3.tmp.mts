import ExcelJS from 'exceljs';
import { writeFileSync } from 'node:fs';
import { headerOf } from './server/imports/sheetReader.ts';
const HEADER = ['PO number', 'Supplier', 'SKU', 'Colour', 'Size', 'Ordered quantity', 'Article name', 'Order date'];
const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('OF');
sheet.addRow(HEADER);
for (let i = 0; i < 5; i++) sheet.addRow(['IMP-PO-TWICE', 'Shenzhen Textile Co', 'IMP-SKU-1', 'Red', 'M', i, null, null]);
const path = `/tmp/hdr-${process.pid}.xlsx`;
writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()));
const T = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let bad = 0, n = 0;
for (let round = 0; round < 40; round++) {
  const runs = await Promise.all(Array.from({ length: 20 }, () => headerOf(path, T, 'x.xlsx').then((r) => r.headers.join('|'), (e) => 'ERR ' + e.message)));
  for (const r of runs) { n++; if (r !== HEADER.join('|')) { bad++; if (bad < 4) console.log('BAD', JSON.stringify(r)); } }
}
console.log(process.pid, 'bad', bad, 'of', n);
