/**
 * One planted weakness per template of the public library (`packages/engine/templates/public`),
 * keyed by template id. Each entry makes a clean lab site exhibit exactly that weakness, with
 * content shaped like the real product's so the template's matchers are exercised honestly.
 */
import type { IncomingMessage } from 'node:http';
import type { HttpWeakness, Reply, TlsWeakness, Weakness } from './types.js';

const text = (body: string | Buffer, type = 'text/plain; charset=utf-8', status = 200): Reply => ({
  status,
  headers: { 'Content-Type': type },
  body,
});
const html = (body: string, status = 200) => text(body, 'text/html; charset=utf-8', status);
const json = (value: unknown, status = 200) => text(JSON.stringify(value), 'application/json', status);
const bin = (hex: string, tail = 'didban-lab-planted-bytes') =>
  text(Buffer.concat([Buffer.from(hex, 'hex'), Buffer.from(tail)]), 'application/octet-stream');
const file = (path: string, reply: Reply): HttpWeakness => ({ protocol: 'http', routes: { [path]: reply } });
const header = (headers: HttpWeakness['headers']): HttpWeakness => ({ protocol: 'http', headers });
const tls = (flaw: TlsWeakness['flaw']): TlsWeakness => ({ protocol: 'ssl', flaw });

const reflectOrigin = (req: IncomingMessage): Record<string, string> =>
  typeof req.headers.origin === 'string'
    ? { 'Access-Control-Allow-Origin': req.headers.origin, 'Access-Control-Allow-Credentials': 'true' }
    : {};

const LISTING_FILES = ['backup-2024.tar.gz', 'customers.csv', 'notes.txt'];

export const WEAKNESSES: Readonly<Record<string, Weakness>> = {
  // exposures: source control
  'git-config-exposure': file(
    '/.git/config',
    text(
      '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n[remote "origin"]\n\turl = https://git.example.com/acme/site.git\n',
    ),
  ),
  'git-head-exposure': file('/.git/HEAD', text('ref: refs/heads/main\n')),
  'git-logs-exposure': file(
    '/.git/logs/HEAD',
    text(
      '0000000000000000000000000000000000000000 3f786850e387550fdab836ed7e6dc881de23001b Dev Eloper <dev@example.com> 1700000000 +0330\tcommit (initial): first\n',
    ),
  ),
  'svn-entries-exposure': file(
    '/.svn/wc.db',
    bin('53514c69746520666f726d6174203300', ' CREATE TABLE WCROOT (id INTEGER PRIMARY KEY)'),
  ),
  'hg-repository-exposure': file(
    '/.hg/requires',
    text('dotencode\nfncache\ngeneraldelta\nrevlogv1\nstore\n'),
  ),

  // exposures: secrets and configuration
  'dotenv-file-exposure': file(
    '/.env',
    text(
      'APP_NAME=Shop\nAPP_ENV=production\nAPP_KEY=base64:c2VjcmV0LWtleQ==\nDB_HOST=10.0.0.5\nDB_PASSWORD=hunter2\n',
    ),
  ),
  'dotenv-production-exposure': file(
    '/.env.production',
    text(
      'NEXT_PUBLIC_SITE=shop\nSTRIPE_SECRET_KEY=sk_live_0000000000\nDATABASE_URL=postgres://u:p@db/shop\n',
    ),
  ),
  'wp-config-backup-exposure': file(
    '/wp-config.php.bak',
    text(
      "<?php\ndefine( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wp' );\ndefine( 'DB_PASSWORD', 'hunter2' );\n",
    ),
  ),
  'web-config-backup-exposure': file(
    '/web.config.bak',
    text(
      '<?xml version="1.0"?>\n<configuration>\n  <connectionStrings><add name="db" connectionString="Server=db;Password=x"/></connectionStrings>\n  <system.web><compilation debug="false"/></system.web>\n</configuration>\n',
      'application/xml',
    ),
  ),
  'htpasswd-exposure': file('/.htpasswd', text('admin:$apr1$r31.....$HqJZimcKQFAMYayBlzkrA/\n')),
  'htaccess-exposure': file(
    '/.htaccess',
    text('RewriteEngine On\nRewriteRule ^admin/(.*)$ /private/$1 [L]\n'),
  ),
  'npmrc-token-exposure': file(
    '/.npmrc',
    text('//registry.npmjs.org/:_authToken=npm_00000000000000000000000000000000000000\n'),
  ),
  'docker-compose-exposure': file(
    '/docker-compose.yml',
    text(
      'version: "3.8"\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: hunter2\n',
    ),
  ),
  'ssh-private-key-exposure': file(
    '/id_rsa',
    text(
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ==\n-----END OPENSSH PRIVATE KEY-----\n',
    ),
  ),
  'aws-credentials-exposure': file(
    '/.aws/credentials',
    text(
      '[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n',
    ),
  ),
  'kubeconfig-exposure': file(
    '/.kube/config',
    text(
      'apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://10.0.0.1:6443\n  name: prod\nusers:\n- name: admin\n  user:\n    token: abc\n',
    ),
  ),
  'sftp-config-exposure': file(
    '/sftp-config.json',
    json({ type: 'sftp', host: 'example.com', user: 'deploy', password: 'hunter2', remote_path: '/var/www' }),
  ),
  'idea-workspace-exposure': file(
    '/.idea/workspace.xml',
    text(
      '<?xml version="1.0" encoding="UTF-8"?>\n<project version="4">\n  <component name="ChangeListManager"/>\n</project>\n',
      'application/xml',
    ),
  ),
  'composer-lock-exposure': file(
    '/composer.lock',
    json({ 'content-hash': '0f1e2d3c', packages: [{ name: 'laravel/framework', version: 'v10.0.0' }] }),
  ),
  'phpunit-xml-exposure': file(
    '/phpunit.xml',
    text(
      '<?xml version="1.0"?>\n<phpunit bootstrap="vendor/autoload.php">\n  <testsuites><testsuite name="Unit"><directory>tests</directory></testsuite></testsuites>\n</phpunit>\n',
      'application/xml',
    ),
  ),

  // exposures: backups, dumps and logs
  'backup-zip-exposure': file('/backup.zip', bin('504b0304140000000800')),
  'backup-tar-gz-exposure': file('/backup.tar.gz', bin('1f8b0800000000000003')),
  'sql-dump-exposure': file(
    '/dump.sql',
    text(
      "-- MySQL dump 10.13\nCREATE TABLE `users` (`id` int, `email` varchar(255));\nINSERT INTO `users` VALUES (1,'a@example.com');\n",
      'application/sql',
    ),
  ),
  'sqlite-database-exposure': file('/db.sqlite', bin('53514c69746520666f726d6174203300')),
  'ds-store-exposure': file('/.DS_Store', bin('0000000142756431', '\u0000\u0000\u0010\u0000backup.zip')),
  'core-dump-exposure': file('/core', bin('7f454c4602010100000000000000000004003e00', 'x'.repeat(80))),
  'php-error-log-exposure': file(
    '/error_log',
    text(
      '[21-Nov-2026 10:00:00 UTC] PHP Warning:  Undefined variable $x in /var/www/html/index.php on line 3\n',
    ),
  ),
  'wordpress-debug-log-exposure': file(
    '/wp-content/debug.log',
    text(
      '[21-Nov-2026 10:00:00 UTC] PHP Notice:  Function wpdb::prepare was called incorrectly in /var/www/wp-includes/functions.php\n',
    ),
  ),
  'access-log-exposure': file(
    '/access.log',
    text(
      '203.0.113.9 - - [21/Nov/2026:10:00:00 +0000] "GET /account?token=abc HTTP/1.1" 200 512 "-" "curl/8.0"\n',
    ),
  ),

  // misconfiguration: listings, policy files, methods
  'apache-directory-listing': file(
    '/uploads/',
    html(
      `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">\n<html>\n <head>\n  <title>Index of /uploads</title>\n </head>\n <body>\n<h1>Index of /uploads</h1>\n<table><tr><td><a href="/">Parent Directory</a></td></tr>${LISTING_FILES.map((f) => `<tr><td><a href="${f}">${f}</a></td></tr>`).join('')}</table>\n<address>Apache/2.4.62 (Debian) Server at lab Port 80</address>\n</body></html>\n`,
    ),
  ),
  'nginx-autoindex-listing': file(
    '/files/',
    html(
      `<html>\n<head><title>Index of /files/</title></head>\n<body>\n<h1>Index of /files/</h1><hr><pre><a href="../">../</a>\n${LISTING_FILES.map((f) => `<a href="${f}">${f}</a>`).join('\n')}\n</pre><hr></body>\n</html>\n`,
    ),
  ),
  'python-http-server-listing': {
    protocol: 'http',
    headers: { Server: 'SimpleHTTP/0.6 Python/3.11.2' },
    home: '<!DOCTYPE HTML>\n<html lang="en"><head><meta charset="utf-8"><title>Directory listing for /</title></head>\n<body><h1>Directory listing for /</h1><hr><ul><li><a href="notes.txt">notes.txt</a></li></ul><hr></body></html>\n',
  },
  'crossdomain-xml-wildcard': file(
    '/crossdomain.xml',
    text(
      '<?xml version="1.0"?>\n<cross-domain-policy>\n  <allow-access-from domain="*" />\n</cross-domain-policy>\n',
      'text/x-cross-domain-policy',
    ),
  ),
  'clientaccesspolicy-wildcard': file(
    '/clientaccesspolicy.xml',
    text(
      '<?xml version="1.0" encoding="utf-8"?>\n<access-policy><cross-domain-access><policy><allow-from http-request-headers="*"><domain uri="*"/></allow-from><grant-to><resource path="/" include-subpaths="true"/></grant-to></policy></cross-domain-access></access-policy>\n',
      'application/xml',
    ),
  ),
  'robots-txt-sensitive-paths': file(
    '/robots.txt',
    text('User-agent: *\nDisallow: /admin-panel/\nDisallow: /backup/\n'),
  ),
  'http-trace-enabled': {
    protocol: 'http',
    method: {
      name: 'TRACE',
      reply: (req) => {
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        return text(`${lines.join('\r\n')}\r\n\r\n`, 'message/http');
      },
    },
  },

  // misconfiguration: security headers and cookies
  'missing-hsts-header': { protocol: 'http', omit: ['strict-transport-security'] },
  'missing-csp-header': { protocol: 'http', omit: ['content-security-policy'] },
  'missing-x-frame-options': {
    protocol: 'http',
    omit: ['x-frame-options'],
    headers: { 'Content-Security-Policy': "default-src 'self'" },
  },
  'missing-x-content-type-options': { protocol: 'http', omit: ['x-content-type-options'] },
  'missing-referrer-policy': { protocol: 'http', omit: ['referrer-policy'] },
  'missing-permissions-policy': { protocol: 'http', omit: ['permissions-policy'] },
  'cookie-without-httponly': header({ 'Set-Cookie': 'sessionid=0f1e2d3c; Path=/; Secure; SameSite=Lax' }),
  'cookie-without-secure': header({ 'Set-Cookie': 'sessionid=0f1e2d3c; Path=/; HttpOnly; SameSite=Lax' }),

  // misconfiguration: CORS and redirects
  'cors-reflected-origin-credentials': header(reflectOrigin),
  'cors-null-origin-credentials': header(
    (req): Record<string, string> =>
      req.headers.origin === 'null'
        ? { 'Access-Control-Allow-Origin': 'null', 'Access-Control-Allow-Credentials': 'true' }
        : {},
  ),
  'cors-wildcard-origin': header({ 'Access-Control-Allow-Origin': '*' }),
  'open-redirect': {
    protocol: 'http',
    routes: {
      '/redirect': (_req, url) => {
        const to = url.searchParams.get('url');
        return to
          ? { status: 302, headers: { Location: to, 'Content-Type': 'text/html' }, body: '' }
          : undefined;
      },
    },
  },

  // panels and default pages
  'phpmyadmin-panel': file(
    '/phpmyadmin/',
    html(
      '<!DOCTYPE HTML><html lang="en"><head><title>phpMyAdmin</title></head><body><form method="post" action="index.php"><input type="text" name="pma_username" id="input_username"><input type="password" name="pma_password"></form></body></html>',
    ),
  ),
  'adminer-panel': file(
    '/adminer.php',
    html(
      '<!DOCTYPE html><html lang="en"><head><title>Login - Adminer</title></head><body><p><a href="https://www.adminer.org/" target="_blank">Adminer</a> 4.8.1</p><form method="post"></form></body></html>',
    ),
  ),
  'wordpress-login-panel': file(
    '/wp-login.php',
    html(
      '<!DOCTYPE html><html><head><title>Log In &lsaquo; Blog &#8212; WordPress</title></head><body class="login"><form name="loginform" id="loginform" action="/wp-login.php" method="post"><input type="text" name="log" id="user_login"><input type="password" name="pwd"><input type="submit" name="wp-submit" id="wp-submit" value="Log In"></form></body></html>',
    ),
  ),
  'wordpress-install-exposed': file(
    '/wp-admin/install.php',
    html(
      '<!DOCTYPE html><html><head><title>WordPress &rsaquo; Installation</title></head><body class="wp-core-ui"><form id="setup" method="post" action="install.php?step=2"><input name="weblog_title" type="text"></form></body></html>',
    ),
  ),
  'wordpress-setup-config-exposed': file(
    '/wp-admin/setup-config.php',
    html(
      '<!DOCTYPE html><html><head><title>WordPress &rsaquo; Setup Configuration File</title></head><body><p class="step"><a href="setup-config.php?step=1" class="button button-large">Let&#8217;s go!</a></p></body></html>',
    ),
  ),
  'tomcat-manager-panel': file('/manager/html', {
    status: 401,
    headers: { 'WWW-Authenticate': 'Basic realm="Tomcat Manager Application"', 'Content-Type': 'text/html' },
    body: '<html><head><title>401 Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>',
  }),
  'tomcat-default-page': {
    protocol: 'http',
    home: '<!DOCTYPE html><html lang="en"><head><title>Apache Tomcat/9.0.83</title></head><body><h2>If you\'re seeing this, you\'ve successfully installed Tomcat. Congratulations!</h2></body></html>',
  },
  'tomcat-examples-exposed': file(
    '/examples/servlets/index.html',
    html(
      '<html><head><title>Servlet Examples</title></head><body><h1>Servlet Examples with Code</h1><a href="servlet/RequestInfoExample">Execute</a></body></html>',
    ),
  ),
  'jenkins-login-panel': file('/login', {
    status: 200,
    headers: { 'Content-Type': 'text/html;charset=utf-8', 'X-Jenkins': '2.426.1' },
    body: '<!DOCTYPE html><html><head><title>Sign in [Jenkins]</title></head><body><form name="login" action="j_spring_security_check" method="post"></form></body></html>',
  }),
  'jenkins-script-console-unauth': file('/script', {
    status: 200,
    headers: { 'Content-Type': 'text/html;charset=utf-8', 'X-Jenkins': '2.426.1' },
    body: '<!DOCTYPE html><html><head><title>Script Console [Jenkins]</title></head><body><h1>Script Console</h1><p>Type in an arbitrary <a href="http://www.groovy-lang.org">Groovy script</a> and execute it on the server.</p></body></html>',
  }),
  'grafana-login-panel': file(
    '/login',
    html(
      '<!DOCTYPE html><html lang="en"><head><title>Grafana</title></head><body><script>window.grafanaBootData = { settings: { buildInfo: { version: "10.2.2" } } };</script></body></html>',
    ),
  ),
  'kibana-panel': file('/app/kibana', {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'kbn-name': 'kibana' },
    body: '<!DOCTYPE html><html lang="en"><head><title>Elastic</title><meta name="kbn-injected-metadata" data="{}"></head><body></body></html>',
  }),
  'gitlab-login-panel': file(
    '/users/sign_in',
    html(
      '<!DOCTYPE html><html><head><meta content="GitLab" property="og:site_name"><title>Sign in · GitLab</title></head><body><script>gon.gitlab_url="http://gitlab.example"</script></body></html>',
    ),
  ),
  'joomla-admin-panel': file(
    '/administrator/',
    html(
      '<!DOCTYPE html><html><head><meta name="generator" content="Joomla! - Open Source Content Management"><title>Administration</title></head><body><input name="username" id="mod-login-username"></body></html>',
    ),
  ),
  'solr-admin-panel': file(
    '/solr/',
    html(
      '<!DOCTYPE html><html ng-app="solrAdminApp"><head><title>Solr Admin</title></head><body></body></html>',
    ),
  ),
  'rabbitmq-management-panel': {
    protocol: 'http',
    home: '<!DOCTYPE html><html><head><title>RabbitMQ Management</title></head><body><div id="outer"></div></body></html>',
  },
  'elasticsearch-unauthenticated': {
    protocol: 'http',
    routes: {
      '/': json({
        name: 'node-1',
        cluster_name: 'prod-logs',
        version: { number: '7.17.9' },
        tagline: 'You Know, for Search',
      }),
    },
  },
  'nginx-default-page': {
    protocol: 'http',
    home: '<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head><body><h1>Welcome to nginx!</h1><p>If you see this page, the nginx web server is successfully installed and working.</p></body></html>',
  },
  'apache-default-page': {
    protocol: 'http',
    home: '<!DOCTYPE html><html><head><title>Apache2 Ubuntu Default Page: It works</title></head><body><div class="page_header">It works!</div></body></html>',
  },
  'iis-default-page': {
    protocol: 'http',
    home: '<!DOCTYPE html><html><head><title>IIS Windows Server</title></head><body><a href="https://go.microsoft.com/fwlink/?linkid=66138"><img src="iisstart.png" alt="IIS"></a></body></html>',
  },

  // debug endpoints
  'phpinfo-page': file(
    '/info.php',
    html(
      '<!DOCTYPE html><html><head><title>PHP 8.2.12 - phpinfo()</title></head><body><h1 class="p">PHP Version 8.2.12</h1><h2>PHP License</h2></body></html>',
    ),
  ),
  'spring-actuator-env': file(
    '/actuator/env',
    json({ activeProfiles: ['prod'], propertySources: [{ name: 'systemEnvironment', properties: {} }] }),
  ),
  'spring-actuator-heapdump': file('/actuator/heapdump', bin('4a4156412050524f46494c4520312e302e3200')),
  'spring-actuator-index': file(
    '/actuator',
    json({
      _links: {
        self: { href: 'http://lab/actuator', templated: false },
        health: { href: 'http://lab/actuator/health', templated: false },
      },
    }),
  ),
  'laravel-ignition-debug': file('/_ignition/health-check', json({ can_execute_commands: true })),
  'laravel-telescope-exposed': file(
    '/telescope/requests',
    html(
      '<!DOCTYPE html><html><head><title>Telescope - Laravel</title></head><body><script>window.Telescope = {"path":"telescope"};</script></body></html>',
    ),
  ),
  'django-debug-mode': {
    protocol: 'http',
    routes: {
      '/didban-debug-probe-404': html(
        "<!DOCTYPE html><html><head><title>Page not found at /didban-debug-probe-404</title></head><body><p>Using the URLconf defined in <code>shop.urls</code>, Django tried these URL patterns:</p><p>You're seeing this error because you have <code>DEBUG = True</code> in your Django settings file.</p></body></html>",
        404,
      ),
    },
  },
  'werkzeug-debugger-console': file(
    '/console',
    html(
      '<!DOCTYPE html><html><head><title>Console // Werkzeug Debugger</title><script src="?__debugger__=yes&amp;cmd=resource&amp;f=debugger.js"></script></head><body><h1>Interactive Console</h1></body></html>',
    ),
  ),
  'symfony-profiler-exposed': file(
    '/_profiler/',
    html(
      '<!DOCTYPE html><html><head><title>Symfony Profiler</title></head><body><h2>Profile Search</h2></body></html>',
    ),
  ),
  'apache-server-status': file(
    '/server-status',
    html(
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN"><html><head><title>Apache Status</title></head><body><h1>Apache Server Status for lab (via 127.0.0.1)</h1><dl><dt>Server Version: Apache/2.4.62 (Debian)</dt></dl></body></html>',
    ),
  ),
  'apache-server-info': file(
    '/server-info',
    html(
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN"><html><head><title>Server Information</title></head><body><h1 style="text-align: center">Apache Server Information</h1></body></html>',
    ),
  ),
  'nginx-stub-status': file(
    '/nginx_status',
    text(
      'Active connections: 3 \nserver accepts handled requests\n 120 120 431 \nReading: 0 Writing: 1 Waiting: 2 \n',
    ),
  ),
  'php-fpm-status': file(
    '/fpm-status',
    text(
      'pool:                 www\nprocess manager:      dynamic\nstart time:           21/Nov/2026:10:00:00 +0000\n',
    ),
  ),
  'elmah-log-exposed': file(
    '/elmah.axd',
    html(
      '<!DOCTYPE html><html><head><title>Error log for /LM/W3SVC/1/ROOT on WEB01</title></head><body><h1 id="PageTitle">Error Log for <span>/LM/W3SVC/1/ROOT on WEB01</span></h1><p>Powered by ELMAH</p></body></html>',
    ),
  ),
  'aspnet-trace-exposed': file(
    '/trace.axd',
    html(
      '<html><head><title>Application Trace</title></head><body><h1>Application Trace</h1><h2>Requests to this Application</h2></body></html>',
    ),
  ),
  'go-pprof-exposed': file(
    '/debug/pprof/',
    html(
      '<html><head><title>/debug/pprof/</title></head><body>/debug/pprof/<br><p>Set debug=1 as a query parameter to export in legacy text format</p><br>Types of profiles available:</body></html>',
    ),
  ),
  'go-expvar-exposed': file(
    '/debug/vars',
    json({ cmdline: ['/app/server', '-port=8080'], memstats: { Alloc: 1 } }),
  ),
  'prometheus-metrics-exposed': file(
    '/metrics',
    text(
      '# HELP http_requests_total Total HTTP requests.\n# TYPE http_requests_total counter\nhttp_requests_total{route="/admin"} 42\n',
      'text/plain; version=0.0.4',
    ),
  ),

  // API documentation
  'swagger-ui-exposed': file(
    '/swagger-ui/index.html',
    html(
      '<!DOCTYPE html><html lang="en"><head><title>Swagger UI</title><link rel="stylesheet" href="./swagger-ui.css"></head><body><div id="swagger-ui"></div></body></html>',
    ),
  ),
  'openapi-spec-exposed': file(
    '/openapi.json',
    json({ openapi: '3.0.3', info: { title: 'Shop API', version: '1' }, paths: { '/users': {} } }),
  ),
  'graphql-introspection-enabled': {
    protocol: 'http',
    routes: {
      '/graphql': (req) =>
        req.method === 'POST'
          ? json({
              data: {
                __schema: { queryType: { name: 'Query' }, types: [{ name: 'Query', kind: 'OBJECT' }] },
              },
            })
          : undefined,
    },
  },
  'graphiql-exposed': file(
    '/graphiql',
    html(
      '<!DOCTYPE html><html><head><title>GraphiQL</title><link href="https://unpkg.com/graphiql/graphiql.min.css" rel="stylesheet" /></head><body><div id="graphiql">Loading...</div></body></html>',
    ),
  ),
  'wordpress-rest-users': file(
    '/wp-json/wp/v2/users',
    json([{ id: 1, name: 'admin', url: '', slug: 'admin', link: 'http://lab/author/admin/' }]),
  ),
  'wordpress-xmlrpc-enabled': file(
    '/xmlrpc.php',
    text('XML-RPC server accepts POST requests only.', 'text/plain', 405),
  ),

  // technologies and versions
  'jquery-outdated': {
    protocol: 'http',
    home: '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Didban Lab</title><script src="/static/jquery-1.12.4.min.js"></script></head><body><h1>Didban Lab</h1></body></html>',
  },
  'wordpress-version-disclosure': {
    protocol: 'http',
    home: '<!DOCTYPE html><html lang="en-US"><head><meta name="generator" content="WordPress 6.4.2"><title>Blog</title></head><body></body></html>',
  },
  'wordpress-readme-exposed': file(
    '/readme.html',
    html(
      '<!DOCTYPE html><html><head><title>WordPress &#8250; ReadMe</title></head><body><h1 id="logo">WordPress</h1><p>Semantic Personal Publishing Platform</p></body></html>',
    ),
  ),
  'php-version-header': header({ 'X-Powered-By': 'PHP/8.3.14' }),
  'php-end-of-life': header({ 'X-Powered-By': 'PHP/7.4.33' }),
  'nginx-version-banner': header({ Server: 'nginx/1.27.3' }),
  'apache-version-banner': header({ Server: 'Apache/2.4.62 (Debian)' }),
  'apache-httpd-outdated': header({ Server: 'Apache/2.4.49 (Unix)' }),
  'iis-version-banner': header({ Server: 'Microsoft-IIS/10.0' }),
  'aspnet-version-header': header({ 'X-AspNet-Version': '4.0.30319' }),
  'openssl-version-banner': header({ Server: 'Apache OpenSSL/3.0.2' }),
  'express-powered-by': header({ 'X-Powered-By': 'Express' }),

  // TLS
  'self-signed-certificate': tls('self-signed'),
  'expired-certificate': tls('expired'),
  'mismatched-certificate': tls('mismatched'),
  'deprecated-tls10': tls('tls10'),
  'deprecated-tls11': tls('tls11'),
  'weak-cipher-no-forward-secrecy': tls('weak-cipher'),
};

/**
 * Templates that legitimately fire together with another weakness (the planted evidence of one
 * is also the other's): the public-library test allows exactly these extra findings.
 */
export const ALSO_FOUND: Readonly<Record<string, readonly string[]>> = {
  // A site that reflects every origin also reflects `null`.
  'cors-reflected-origin-credentials': ['cors-null-origin-credentials'],
  'php-end-of-life': ['php-version-header'],
  'apache-httpd-outdated': ['apache-version-banner'],
};
