// A one-site lab target on a random loopback port for the CLI package check: a web server whose
// Git config is public (what apps/cli/test/fixtures/templates/good finds). Prints its URL, then
// serves until killed.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  res.setHeader('server', 'didban-lab');
  if (req.url === '/.git/config')
    res.end('[core]\n\tbare = false\n[remote "origin"]\n\turl = https://git.example/acme/site.git\n');
  else res.end('<h1>hello</h1>');
});
// A random 127.x.y.z address as the lab uses, so parallel runs never share a port space.
const host = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
server.listen(0, host, () => {
  process.stdout.write(`http://${host}:${server.address().port}\n`);
});
