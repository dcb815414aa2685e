// A corpus run's pool thread, bundled apart from the command (dist/cli/loopscope-thread.mjs):
// it holds only what replaying a file needs, so each thread compiles less before its first file.
import { servePoolThread } from './pool';

servePoolThread();
