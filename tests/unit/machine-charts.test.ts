import { describe, expect, it } from 'vitest';
import { accountProfilesChart, applyProfileRules } from '../../machines/accountProfiles';
import { rolePickerOptions, serviceRolesChart } from '../../machines/serviceRoles';
import { serviceWizardRulesChart } from '../../machines/serviceWizard';
import serviceWizardScreen from '../../schemas/screens/serviceWizard.json';

/** The charts drawn for the rules modules say what the rules do. */

describe('machine charts agree with their rules', () => {
  it('the wizard rules chart checks a Next on every step of the service wizard screen, the light one\'s aside', () => {
    const checked = Object.keys(serviceWizardRulesChart.config.states!.step.on as object).map((event) => event.replace(/^NEXT_/, ''));
    expect(checked.sort()).toEqual(serviceWizardScreen.steps.map((step) => step.name).filter((name) => name !== 'QUICK').sort());
  });

  it('the profile chart refuses in withAdmin exactly the profiles the administrator profile disables', () => {
    const refused = Object.entries(accountProfilesChart.config.states!.withAdmin.on as Record<string, { guard?: string; actions?: string }>)
      .filter(([, transition]) => transition.guard && !transition.actions)
      .map(([event]) => event.replace(/^SELECT_/, ''));
    expect(refused.sort()).toEqual([...applyProfileRules(['SUPER_ADMIN']).disabled].sort());
    expect(applyProfileRules(['OWNER']).profiles).toContain('MANAGER');
    expect(applyProfileRules(['LOCAL_OWNER']).profiles).toContain('LOCAL_MANAGER');
  });

  it('the role chart: with the provider chosen, the other sides are disabled', () => {
    const options = rolePickerOptions({ companyRoles: ['DECISION_MAKER'], superAdmin: true, segregatedUniverse: false, selected: ['SERVICE_PROVIDER'] });
    const disabled = options.filter((o) => !o.enabled).map((o) => `PICK_${o.side}`);
    const refused = Object.keys(serviceRolesChart.config.states!.provider.on as object).filter((event) => event.startsWith('PICK_'));
    expect(refused.sort()).toEqual(disabled.sort());
  });
});
