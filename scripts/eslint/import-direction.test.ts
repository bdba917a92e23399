import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { importDirection } from './import-direction.js';

const root = '/repo';
const file = (relative: string) => path.join(root, relative);
const options = [{ root }];
/** An import the rule lets through, in a file at `relative`. */
const allowed = (relative: string, code: string) => ({ filename: file(relative), code, options });
/** An import against the one-way direction, which the rule refuses. */
const refused = (relative: string, code: string) => ({ ...allowed(relative, code), errors: [{ messageId: 'wrongDirection' }] });

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

tester.run('import-direction', importDirection, {
  valid: [
    allowed('apps/web/src/features/jobs/job-page.tsx', "import { x } from './job-card';"),
    allowed('apps/web/src/features/jobs/job-page.tsx', "import { api } from '../../platform/api-client';"),
    allowed('apps/web/src/features/jobs/job-page.tsx', "import { routeTable } from '@tendly/domain/routes';"),
    allowed('apps/web/src/app/screens.ts', "const s = () => import('../features/jobs/job-page');"),
    allowed('apps/api/src/platform/db/client.ts', "import { Config } from '../config';"),
    allowed('apps/api/src/platform/http/web-app.test.ts', "import { buildApp } from '../../app';"),
    allowed('packages/domain/src/access.ts', "import { z } from 'zod'; import { roles } from './roles';"),
    allowed('scripts/routes.ts', "import { screens } from '../apps/web/src/app/screens';"),
  ],
  invalid: [
    refused('apps/web/src/features/jobs/job-page.tsx', "import { SearchBox } from '../search/search-box';"),
    refused('apps/api/src/features/jobs/job-routes.ts', "const m = await import('../contracts/contract-service');"),
    refused('apps/api/src/platform/db/client.ts', "import { jobs } from '../../features/jobs/job-service';"),
    refused('apps/web/src/platform/api-client.ts', "import { router } from '../app/router';"),
    refused('packages/domain/src/routes.ts', "import React from 'react';"),
    refused('apps/web/src/app/router.tsx', "import { buildApp } from '../../../api/src/app';"),
  ],
});
