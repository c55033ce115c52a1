import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({ inputs: [{ path: '/s?a=1' }], received: [] });
