import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    const intact = req.headers.cookie === "theme=x{{shell_exec('cat /etc/passwd')}}y";
    res.writeHead(200);
    res.end(intact ? 'payload arrived intact' : `got ${req.headers.cookie}`);
  });
  return { targets: [url] };
}
