import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [
    {
      method: 'POST',
      path: '/j',
      headers: [['Content-Type', 'application/json']],
      body: '{"user":{"name":"bob","id":5},"on":true}',
    },
  ],
  received: ['POST /j body={"on":true,"user":{"id":5,"name":"bobPWN"}}'],
});
