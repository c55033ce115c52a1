import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [
    {
      method: 'POST',
      path: '/x',
      headers: [['Content-Type', 'application/xml']],
      body: '<?xml version="1.0"?><root><name lang="en">bob</name></root>',
    },
  ],
  received: ['POST /x body=<?xml version="1.0"?><root><name lang="en">PWN</name></root>'],
});
