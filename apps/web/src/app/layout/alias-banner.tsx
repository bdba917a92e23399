import { Box, Button, Container, Group, Text } from '@mantine/core';
import { useSession } from '../../platform/session';
import { useStopActing } from '../../platform/stop-acting';
import classes from './alias-banner.module.css';

/**
 * While a support coordinator acts for a linked client (spec section 4), every page says so at the
 * top, with the way back to the coordinator's own account.
 */
export function AliasBanner() {
  const { alias } = useSession();
  const stopActing = useStopActing();
  if (!alias) return null;
  return (
    <Box component="section" aria-label="Acting for a client" className={classes.banner}>
      <Container size="lg">
        <Group justify="space-between" gap="sm" py="xs">
          <Text fw={700}>You are acting for {alias.name}</Text>
          <Button size="sm" color="dark" onClick={() => void stopActing()}>
            Stop acting for {alias.firstName}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
