import { afterEach } from 'vitest';
import { installNetworkGuard } from '../../../tooling/network-guard';

// docs/testing.md: a test that reaches past 127.0.0.1 fails (tooling/network-guard.ts).
installNetworkGuard(afterEach);
