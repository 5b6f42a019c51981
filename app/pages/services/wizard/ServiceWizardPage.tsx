import { NotImplementedPage } from '../../simplePages';

/** Being built. */
export default function ServiceWizardPage() {
  return <NotImplementedPage />;
}
