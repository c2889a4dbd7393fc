// The one way this code base imports zod (`import { z } from '@/lib/zod'`), so the browser's setting below is made
// before any schema of ours exists. zod/mini schemas import ./zod-config.ts themselves.
import './zod-config';

export { z } from 'zod';
