import { afterEach } from 'vitest';
import { installNetworkGuard } from '../../../../tooling/network-guard';

// issue 8 item 14: any connection off this machine fails the test (tooling/network-guard.ts).
installNetworkGuard(afterEach);
