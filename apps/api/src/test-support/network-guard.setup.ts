import { afterEach } from 'vitest';
import { installNetworkGuard } from '../../../../tooling/network-guard';

// docs/testing.md: any connection off this machine fails the test (tooling/network-guard.ts).
installNetworkGuard(afterEach);
