import { LoaderSuspense } from '../ui/LoaderSuspense';
import { lazyNamed } from '../ui/lazyNamed';
import type { SchemaFormProps } from './SchemaForm';

/**
 * Loads the form's code (RJSF, ajv and the widgets: about 135 kB compressed and some twenty chunks).
 * A page's header does not wait for it: a screen passes it to `AfterFirstPaint code` to show its
 * forms once it has arrived, in one piece with the rest of its panels.
 */
export const loadSchemaForm = () => import('./SchemaForm');

/** The `code` of an `AfterFirstPaint` holding forms. */
export const FORM_CODE = [loadSchemaForm];

const Form = lazyNamed(loadSchemaForm, 'SchemaForm');

/** SchemaForm whose code loads with its first use; a loader stands in its place until then (at once once the code is in). */
export function LazySchemaForm(props: SchemaFormProps) {
  return (
    <LoaderSuspense minHeight={120}>
      <Form {...props} />
    </LoaderSuspense>
  );
}
