import { NotImplementedPage } from '../../simplePages';

/** Being built. */
export default function ServiceSheetPage() {
  return <NotImplementedPage />;
}
