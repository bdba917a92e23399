import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { downloadCertificate } from './learning-hub-api';

/** Downloads the completion certificate (PDF) of a passed module, and says so if it fails. */
export function CertificateButton({ code, moduleTitle }: { code: string; moduleTitle: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      await downloadCertificate(code);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap={4} align="flex-start">
      <BusyButton busy={busy} onClick={() => void download()} aria-label={`Download certificate (PDF): ${moduleTitle}`}>
        Download certificate (PDF)
      </BusyButton>
      {failure && (
        <Text role="alert" size="sm" c="red.9">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
