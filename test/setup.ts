// Runs before every test file: quiet worker logs; after it, close the database pools the agents opened so jest can exit,
// and stop the token-counting thread, whose listeners would keep the file's modules alive until it stops when idle.
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { closePools } from '../src/storage/db';
import { stopTokenThread } from '../src/temporal/token-thread';

try {
  Runtime.install({ logger: new DefaultLogger('WARN') });
} catch {
  // Already installed for this process by an earlier file.
}

afterAll(closePools);
afterAll(stopTokenThread);
