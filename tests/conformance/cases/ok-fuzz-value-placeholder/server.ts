import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({ inputs: [{ path: '/s?q=ab' }], received: ['GET /s?q=ab-AB-PWN'] });
