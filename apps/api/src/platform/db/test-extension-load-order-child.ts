// Run in a child process by extension-load-order.test.ts: a PGlite that wedges spins on the main
// thread, which would hang the test runner's own process, so the scenarios get a process the
// test can kill.
//
//   node --import tsx --conditions=source test-extension-load-order-child.ts
//
// For each extension in turn: holds back its WebAssembly instantiation so that it finishes loading
// last, starts the real app on PGlite, and prints as one line of JSON what the typo searches (the
// trigram paths) and the health check answered.
import { createWorker } from '../../features/auth/test-factories';
import { createTestApp } from '../../test-support/test-app';
import { extensionsToHoldBack, holdBackInstantiation } from './test-hold-back-instantiation';

for (const extension of extensionsToHoldBack) {
  const holdBack = holdBackInstantiation(extension);
  const subject = await createTestApp({ database: { referenceData: true } });
  try {
    await createWorker(subject.database.db, {
      user: { firstName: 'Ava' },
      profile: { headline: 'Dementia support', bio: 'I have cared for people living with dementia for eight years.' },
    });
    const answer = async (url: string) => {
      const response = await subject.app.inject({ method: 'GET', url });
      return { status: response.statusCode, body: response.json() as unknown };
    };
    const answers = {
      extension,
      timesHeldBack: holdBack.timesHeldBack(),
      unknownPlace: await answer('/api/search?location=Qwertyzzzville'),
      misspeltPlace: await answer('/api/search?location=Marickville'),
      keywordTypo: await answer('/api/search?keyword=dementa'),
      health: await answer('/api/health'),
    };
    process.stdout.write(`${JSON.stringify(answers)}\n`);
  } finally {
    await subject.close();
  }
}
