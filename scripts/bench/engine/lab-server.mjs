// Lab for the engine benchmark: many HTTP services on 127.0.0.1, one per port, in a separate
// process so the scanner and the servers do not share an event loop. Prints the ports as JSON.
import { createServer } from 'node:http';

const count = Number(process.argv[2] ?? 200);
const PAGES = {
  '/': '<html><head><title>Welcome</title></head><body>Apache/2.4.49 default page</body></html>',
  '/.git/config': '[core]\n\trepositoryformatversion = 0\n',
  '/.env': 'APP_KEY=base64:abc\nDB_PASSWORD=secret\n',
  '/server-status': '<h1>Apache Server Status</h1>',
  '/api/version': '{"version":"3.1.4","name":"demo"}',
};
let served = 0;
let connections = 0;
const handler = (req, res) => {
  served++;
  const path = (req.url ?? '/').split('?')[0];
  const body = PAGES[path];
  if (body === undefined) {
    res.writeHead(404, { 'Content-Type': 'text/plain', Server: 'Apache/2.4.49' });
    res.end('not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/html', Server: 'Apache/2.4.49', 'X-Powered-By': 'PHP/8.1' });
  res.end(body);
};
const ports = [];
for (let i = 0; i < count; i++) {
  const server = createServer({ keepAliveTimeout: 30_000 }, handler);
  server.on('connection', () => connections++);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  ports.push(server.address().port);
}
process.send?.({ ports });
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => {
  if (m === 'count') process.send?.({ served, connections });
  if (m === 'exit') process.exit(0);
});
