import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

/**
 * Stands in for a page's panels (forms, grids) while their code and first render come after the
 * header: rows of field-sized blocks, at least as tall as a short form, so the page shows it is
 * loading and nothing above moves when the panels arrive.
 */
export function PanelsSkeleton() {
  return (
    <Stack mih={320} gap="md" aria-busy>
      {[0, 1, 2, 3].map((row) => (
        <SimpleGrid key={row} cols={2} spacing="md">
          <Skeleton h={58} radius="sm" />
          <Skeleton h={58} radius="sm" />
        </SimpleGrid>
      ))}
    </Stack>
  );
}
