import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({ inputs: [{ path: '/s?q=abcd' }], received: ['GET /s?q=abcdPWN'] });
