import { Grid, Stack } from '@mantine/core';
import type { ServiceView } from '../shared/serviceApi';
import { DateLinesPanel } from './DateLinesPanel';
import { LaboratoryLinesCard, PurchaseOrderLinesCard } from './LinesTables';
import { NotesPanel } from './NotesPanel';
import { DatesCard, DetailsCard, PartiesCard } from './OverviewCards';
import { ReportCard } from './ReportCard';
import type { SchemaText } from './schemaText';
import type { ServiceSheet } from './useServiceSheet';

/** Parties, dates and details on the left; the report, date proposals and notes on the right; the lines below. */
export function OverviewTab({ service, sheet, text }: { service: ServiceView; sheet: ServiceSheet; text: SchemaText }) {
  const laboratory = service.thirdPartyDepartment === 'LAB' || (service.laboratoryLines ?? []).length > 0;
  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <PartiesCard service={service} text={text} />
            <DatesCard service={service} text={text} />
            <DetailsCard service={service} text={text} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <ReportCard service={service} sheet={sheet} />
            <DateLinesPanel service={service} sheet={sheet} />
            <NotesPanel service={service} sheet={sheet} />
          </Stack>
        </Grid.Col>
      </Grid>
      <PurchaseOrderLinesCard service={service} />
      {laboratory && <LaboratoryLinesCard service={service} />}
    </Stack>
  );
}
