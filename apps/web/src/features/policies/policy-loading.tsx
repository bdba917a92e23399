import { Center, Loader, VisuallyHidden } from '@mantine/core';

export function PolicyLoading() {
  return (
    <Center py="xl" role="status">
      <Loader />
      <VisuallyHidden>Loading the policy</VisuallyHidden>
    </Center>
  );
}
