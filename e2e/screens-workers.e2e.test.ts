import { walkEveryScreen } from './support/screen-walk';

// Every screen for workers, support coordinators and administrators: menus, the worker's mobile
// menu and phone layout, one sign-in per role (the other roles: screens-visitors).
walkEveryScreen(['worker', 'inactive worker', 'support coordinator', 'administrator']);
