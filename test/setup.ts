// Runs before every test file: quiet worker logs, and close the database pools the agents opened so jest can exit.
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { closePools } from '../src/storage/db';

try {
  Runtime.install({ logger: new DefaultLogger('WARN') });
} catch {
  // Already installed for this process by an earlier file.
}

afterAll(closePools);
