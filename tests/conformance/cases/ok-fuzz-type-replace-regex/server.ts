import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({ inputs: [{ path: '/s?q=abcdbc' }], received: ['GET /s?q=aPWNcdPWNc'] });
