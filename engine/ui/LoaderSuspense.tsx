import { Center, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';

/** Lazy code's place on the page while it loads: a small loader in a box of about the size it will take. */
export function LoaderSuspense({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center mih={minHeight}>
          <Loader size="sm" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
