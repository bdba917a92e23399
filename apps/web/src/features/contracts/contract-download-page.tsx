import { useEffect, useState } from 'react';
import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { Notice } from '../../platform/notice';
import { downloadAgreement } from '../../platform/contracts-api';

type State = { kind: 'working' } | { kind: 'saved'; fileName: string } | { kind: 'failed'; message: string };

const NOT_FOUND_MESSAGE = 'We could not find that service agreement. It may not exist, or it is not one of yours.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /contract/download?id= (issue 13): saves the agreement's PDF, and says so, or why not. */
export default function ContractDownloadPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!UUID.test(id)) {
      setState({ kind: 'failed', message: NOT_FOUND_MESSAGE });
      return;
    }
    let current = true;
    setState({ kind: 'working' });
    downloadAgreement(id).then(
      (fileName) => current && setState({ kind: 'saved', fileName }),
      (error: unknown) =>
        current &&
        setState({
          kind: 'failed',
          message: error instanceof ApiError ? (error.status === 404 || error.status === 400 ? NOT_FOUND_MESSAGE : error.message) : UNEXPECTED_RESPONSE_MESSAGE,
        }),
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Download service agreement</Title>
      <Stack gap="md" mt="md" align="flex-start">
        {state.kind === 'working' && <Text role="status">Preparing your service agreement (PDF)…</Text>}
        {state.kind === 'saved' && (
          <Notice tone="success" role="status">
            <Text>Your service agreement has been downloaded as {state.fileName}.</Text>
          </Notice>
        )}
        {state.kind === 'failed' && (
          <Notice tone="error" role="alert">
            <Text>{state.message}</Text>
          </Notice>
        )}
        {state.kind !== 'working' && UUID.test(id) && (
          <Button variant="outline" color="blue.9" onClick={() => setAttempt((count) => count + 1)}>
            Download again
          </Button>
        )}
        {UUID.test(id) && (
          <Anchor component={Link} to={`/contracts/${id}`} underline="always">
            Back to the service agreement
          </Anchor>
        )}
      </Stack>
    </Container>
  );
}
