import { companyRecordAccess, contactRecordAccess } from './identityAccess';
import { registerEntityRules } from './resources/entityRules';
import { orderLineWrites, purchaseOrderWrites } from './purchaseOrders/rules';
import { referenceWriteRules } from './references/rules';
import { canSeeService, serviceRecordAccess, type ServiceRow } from './services/access';

// The entities whose own rules replace the generic layer's (server/resources): services (their
// routes, their visibility), contacts and companies (reached by id for their files), and the business
// rules references, purchase orders and their lines add to their generic writes. Registered when this module
// loads; the app (app.ts) and the alert links (alertAccess.ts) import it, so
// every caller of server/resources/recordAccess.ts finds them.
registerEntityRules('service', { access: serviceRecordAccess, sees: (record, caller) => canSeeService(record as ServiceRow, caller) });
registerEntityRules('contact', { access: contactRecordAccess });
registerEntityRules('company', { access: companyRecordAccess });
registerEntityRules('purchaseOrder', { writes: purchaseOrderWrites });
registerEntityRules('orderLine', { writes: orderLineWrites });
// References keep the generic routes and their x-visibility and x-writers rule (their files, tags and elements too);
// their business rules (who creates, parents, type, what blocks a delete) join them.
registerEntityRules('reference', { writes: referenceWriteRules });
