import { NotImplementedPage } from '../../simplePages';

/** Being built. */
export default function ServiceSearchPage() {
  return <NotImplementedPage />;
}
