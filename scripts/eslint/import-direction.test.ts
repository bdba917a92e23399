import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { importDirection } from './import-direction.js';

const root = '/repo';
const file = (relative: string) => path.join(root, relative);
const options = [{ root }];

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

tester.run('import-direction', importDirection, {
  valid: [
    { filename: file('apps/web/src/features/jobs/job-page.tsx'), code: "import { x } from './job-card';", options },
    { filename: file('apps/web/src/features/jobs/job-page.tsx'), code: "import { api } from '../../platform/api-client';", options },
    { filename: file('apps/web/src/features/jobs/job-page.tsx'), code: "import { routeTable } from '@tendly/domain/routes';", options },
    { filename: file('apps/web/src/app/screens.ts'), code: "const s = () => import('../features/jobs/job-page');", options },
    { filename: file('apps/api/src/platform/db/client.ts'), code: "import { Config } from '../config';", options },
    { filename: file('apps/api/src/platform/http/web-app.test.ts'), code: "import { buildApp } from '../../app';", options },
    { filename: file('packages/domain/src/access.ts'), code: "import { z } from 'zod'; import { roles } from './roles';", options },
    { filename: file('scripts/routes.ts'), code: "import { screens } from '../apps/web/src/app/screens';", options },
  ],
  invalid: [
    {
      filename: file('apps/web/src/features/jobs/job-page.tsx'),
      code: "import { SearchBox } from '../search/search-box';",
      options,
      errors: [{ messageId: 'wrongDirection' }],
    },
    {
      filename: file('apps/api/src/features/jobs/job-routes.ts'),
      code: "const m = await import('../contracts/contract-service');",
      options,
      errors: [{ messageId: 'wrongDirection' }],
    },
    {
      filename: file('apps/api/src/platform/db/client.ts'),
      code: "import { jobs } from '../../features/jobs/job-service';",
      options,
      errors: [{ messageId: 'wrongDirection' }],
    },
    {
      filename: file('apps/web/src/platform/api-client.ts'),
      code: "import { router } from '../app/router';",
      options,
      errors: [{ messageId: 'wrongDirection' }],
    },
    {
      filename: file('packages/domain/src/routes.ts'),
      code: "import React from 'react';",
      options,
      errors: [{ messageId: 'wrongDirection' }],
    },
    {
      filename: file('apps/web/src/app/router.tsx'),
      code: "import { buildApp } from '../../../api/src/app';",
      options,
      errors: [{ messageId: 'wrongDirection' }],
    },
  ],
});
