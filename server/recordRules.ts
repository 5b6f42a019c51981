import { companyRecordAccess, contactRecordAccess } from './identityAccess';
import { registerEntityRules } from './resources/entityRules';
import { orderLineWrites, purchaseOrderWrites } from './purchaseOrders/rules';
import { canSeeReference, referenceRecordAccess } from './references/access';
import { referenceWriteRules } from './references/rules';
import { canSeeService, serviceRecordAccess, type ServiceRow } from './services/access';

// The entities whose own rules replace the generic layer's (server/resources): services (their
// routes, their visibility), contacts and companies (reached by id for their files), references
// (reached by id for their files and elements: their brand's MANAGER writes), and the business
// rules purchase orders and their lines add to their generic writes. Registered when this module
// loads; the app (app.ts) and the alert links (alertAccess.ts) import it, so
// every caller of server/resources/recordAccess.ts finds them.
registerEntityRules('service', { access: serviceRecordAccess, sees: (record, caller) => canSeeService(record as ServiceRow, caller) });
registerEntityRules('contact', { access: contactRecordAccess });
registerEntityRules('company', { access: companyRecordAccess });
registerEntityRules('purchaseOrder', { writes: purchaseOrderWrites });
registerEntityRules('orderLine', { writes: orderLineWrites });
// References keep the generic routes; their business rules (who creates, parents, type, what blocks a delete) join them,
// and their files, tags and elements follow the reference's own read and write rule.
registerEntityRules('reference', { access: referenceRecordAccess, sees: (record, caller) => canSeeReference(record, caller), writes: referenceWriteRules });
