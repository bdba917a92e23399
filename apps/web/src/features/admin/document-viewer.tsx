import { Anchor, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AdminWorkerDocument } from '@tendly/domain/api/admin';
import { fetchDocumentFile } from './admin-api';
import classes from '../../platform/admin-console.module.css';

/**
 * One document's file, inline: a PDF in a frame, an image as an image, with a link that opens it
 * in a new tab. The file is fetched with the session's token and shown from an object URL.
 */
export function DocumentViewer({ document }: { document: AdminWorkerDocument }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchDocumentFile(document.id, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document.id]);

  if (failed) return <Text c="red.9">We could not open this document. Please reload the page to try again.</Text>;
  if (!url) return <Text role="status">Opening the document…</Text>;
  const name = `${document.label}${document.originalName ? ` (${document.originalName})` : ''}`;
  return (
    <div>
      {document.contentType === 'application/pdf' ? (
        <iframe src={url} title={name} className={classes.documentFrame} />
      ) : (
        <img src={url} alt={name} className={classes.documentImage} />
      )}
      <Text mt="xs">
        <Anchor href={url} target="_blank" rel="noopener">
          Open {document.label} in a new tab
        </Anchor>
      </Text>
    </div>
  );
}
