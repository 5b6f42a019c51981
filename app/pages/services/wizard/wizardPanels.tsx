import { registerPanel } from '../../../../engine/record/panels';
import { Confirmation, type SavedService } from './Confirmation';
import { stepPanel } from './stepPanel';
import { CompaniesStep } from './steps/CompaniesStep';
import { datePath, DatesStep } from './steps/DatesStep';
import { DetailsStep } from './steps/DetailsStep';
import { NotesStep } from './steps/NotesStep';
import { NotificationStep } from './steps/NotificationStep';
import { RoleStep } from './steps/RoleStep';

// The panels schemas/screens/serviceWizard.json names with `kind: "custom"`: the steps, then what the save answered.
registerPanel('serviceWizardRole', stepPanel('ROLE', RoleStep));
registerPanel('serviceWizardCompanies', stepPanel('COMPANIES', CompaniesStep));
registerPanel('serviceWizardDetails', stepPanel('DETAILS', DetailsStep));
registerPanel('serviceWizardNotes', stepPanel('NOTES', NotesStep));
registerPanel('serviceWizardNotification', stepPanel('NOTIFICATION', NotificationStep));
registerPanel('serviceWizardDates', stepPanel('DATES', DatesStep, datePath));
// "Create another" starts the wizard again (the result panel's onReload).
registerPanel('serviceWizardConfirmation', ({ record, onReload }) => <Confirmation saved={record as unknown as SavedService} onAnother={() => onReload?.()} />);
