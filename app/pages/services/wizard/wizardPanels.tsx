import { registerPanel } from '../../../../engine/record/panels';
import { Confirmation, type SavedService } from './Confirmation';
import { quickErrors, flatPath } from './quick/quickService';
import { QuickStep } from './quick/QuickStep';
import { rulesOf, stepPanel } from './stepPanel';
import { customFieldErrors } from '../customFields/serviceCustomFields';
import { CompaniesStep } from './steps/CompaniesStep';
import { datePath, DatesStep } from './steps/DatesStep';
import { DetailsStep } from './steps/DetailsStep';
import { NotesStep } from './steps/NotesStep';
import { NotificationStep } from './steps/NotificationStep';
import { RoleStep } from './steps/RoleStep';

// The panels schemas/screens/serviceWizard.json names with `kind: "custom"`: the steps, then what the save answered.
registerPanel('serviceWizardRole', stepPanel(rulesOf('ROLE'), RoleStep));
registerPanel('serviceWizardCompanies', stepPanel(rulesOf('COMPANIES'), CompaniesStep));
// Details: the step's rules, then the company's custom fields of the chosen type and of each line's product type (the server's own checks).
registerPanel(
  'serviceWizardDetails',
  stepPanel((draft, context) => [...rulesOf('DETAILS')(draft, context), ...customFieldErrors(context.customFields, draft)], DetailsStep),
);
registerPanel('serviceWizardNotes', stepPanel(rulesOf('NOTES'), NotesStep));
registerPanel('serviceWizardNotification', stepPanel(rulesOf('NOTIFICATION'), NotificationStep));
registerPanel('serviceWizardDates', stepPanel(rulesOf('DATES'), DatesStep, datePath));
registerPanel(
  'serviceWizardQuick',
  stepPanel((draft, { user, customFields }) => quickErrors(draft, user, customFields), QuickStep, flatPath),
);
// "Create another" starts the wizard again (the result panel's onReload).
registerPanel('serviceWizardConfirmation', ({ record, onReload }) => <Confirmation saved={record as unknown as SavedService} onAnother={() => onReload?.()} />);
