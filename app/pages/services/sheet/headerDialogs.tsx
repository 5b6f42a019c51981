import { lazy, Suspense } from 'react';
import { registerRecordDialog } from '../../../../engine/record/header/recordDialogs';
import type { ServiceView } from '../shared/serviceApi';
import { NotifyDialog } from './NotifyDialog';
import { ProposeServiceDate } from './ProposeDateDialog';
import { SplitMergeDialog } from './SplitMergeDialog';

// The assignment popup (and its machine) loads when first opened.
const AssignmentDialog = lazy(() => import('../assignment/AssignmentDialog'));

const serviceOf = (record: Record<string, unknown>) => record as unknown as ServiceView;

/** The dialogs the service sheet opens (schemas/screens/serviceSheet.json `header.buttons`, `header.menu`, the date lines' buttons): what only services do. */
registerRecordDialog('serviceAssignment', ({ record, onClose, onReload }) => (
  <Suspense fallback={null}>
    <AssignmentDialog serviceId={serviceOf(record).serviceId} number={serviceOf(record).number} onClose={onClose} onSaved={onReload} />
  </Suspense>
));
registerRecordDialog('serviceNotify', ({ record, onClose }) => <NotifyDialog opened service={serviceOf(record)} onClose={onClose} />);
registerRecordDialog('serviceSplitMerge', ({ record, onClose, onChanged, onReload }) => (
  <SplitMergeDialog opened service={serviceOf(record)} sheet={{ apply: (next) => onChanged(next as unknown as Record<string, unknown>), reload: async () => onReload() }} onClose={onClose} />
));
registerRecordDialog('serviceProposeDate', ProposeServiceDate);
