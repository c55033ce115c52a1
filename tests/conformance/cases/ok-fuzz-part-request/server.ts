import { fuzzCase } from '../../harness/fuzz-server.js';

export default fuzzCase({
  inputs: [
    {
      method: 'POST',
      path: '/p?q=1',
      headers: [
        ['User-Agent', 'ua'],
        ['Cookie', 'c=1'],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ],
      body: 'a=1',
    },
  ],
  show: ['user-agent', 'cookie'],
  received: [
    'POST /p?q=1 user-agent=ua cookie=c=1 body=a=PWN',
    'POST /p?q=PWN user-agent=ua cookie=c=1 body=a=1',
    'POST /p?q=1 user-agent=PWN cookie=c=1 body=a=1',
    'POST /PWN?q=1 user-agent=ua cookie=c=1 body=a=1',
    'POST /p?q=1 user-agent=ua cookie=c=PWN body=a=1',
  ],
});
