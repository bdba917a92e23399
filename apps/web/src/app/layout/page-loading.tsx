import { Center, Loader, VisuallyHidden } from '@mantine/core';

export function PageLoading() {
  return (
    <Center py="xl" role="status">
      <Loader />
      <VisuallyHidden>Loading the page</VisuallyHidden>
    </Center>
  );
}
