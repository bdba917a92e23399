import { Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { requestDataExport } from './account-details-api';
import { FormSection } from '../../platform/form-section';

/** "Download my data" (issue 16): the file is built in the background and a link is emailed. */
export function DataExportSection() {
  const request = useMutation({ mutationFn: requestDataExport });
  return (
    <FormSection id="data-export-heading" title="Download my data" headingGap="sm">
      <Stack gap="sm">
        <Text>Get a copy of everything we hold about you, as a file. We email you a link to it; the link works for 7 days, once you have signed in.</Text>
        {request.isError && (
          <Notice tone="error" role="alert">
            <Text>{errorText(request.error)}</Text>
          </Notice>
        )}
        <div role="status" aria-live="polite">
          {request.isSuccess && (
            <Notice tone="success">
              <Text>{request.data.message}</Text>
            </Notice>
          )}
        </div>
        <BusyButton busy={request.isPending} disabled={request.isSuccess} style={{ alignSelf: 'flex-start' }} onClick={() => request.mutate()}>
          Email me my data
        </BusyButton>
      </Stack>
    </FormSection>
  );
}
