import { checkScreensOnAPhone } from './support/mobile-layout';

// Every built screen at 390 px for workers and support coordinators (the others: mobile-layout-visitors).
checkScreensOnAPhone(['worker', 'inactive worker', 'support coordinator']);
