import type { Lang } from '@didban/core';

/**
 * The words of `--help` (issue 34): command, option and argument descriptions, and commander's
 * own words (headings, -h/-V, the help command), spread into CLI_MESSAGES. The English texts are
 * the ones commander printed before, so the English help is unchanged; flags, values and formats
 * stay in Latin script in Persian, as the user types them.
 */
export const HELP_MESSAGES = {
  // Commander's own words (help-words.ts)
  'help.usage': { en: 'Usage:', fa: 'کاربرد:' },
  'help.arguments': { en: 'Arguments:', fa: 'آرگومان‌ها:' },
  'help.options': { en: 'Options:', fa: 'پرچم‌ها:' },
  'help.global_options': { en: 'Global Options:', fa: 'پرچم‌های سراسری:' },
  'help.commands': { en: 'Commands:', fa: 'فرمان‌ها:' },
  'help.default': { en: 'default:', fa: 'پیش‌فرض:' },
  'opt.help': { en: 'display help for command', fa: 'نمایش راهنمای فرمان' },
  'cmd.help': { en: 'display help for command', fa: 'نمایش راهنمای یک فرمان' },
  'opt.program.version': { en: 'output the version number', fa: 'نمایش شمارهٔ نسخه' },
  // Comments after an example's command line (`$ didban … # a CI gate`)
  'ex.ci_gate': { en: 'a CI gate', fa: 'دروازهٔ CI' },
  'ex.streamed': { en: 'streamed: flat memory at any size', fa: 'جریانی: حافظهٔ ثابت در هر اندازه' },
  'ex.fuzz_crawled': {
    en: 'fuzz the crawled endpoints',
    fa: 'فاز کردن نقطه‌های پایانی‌ای که خزش کشف یافته است',
  },
  // Global options (program.ts)
  'opt.program.server': {
    en: 'Didban server URL (or DIDBAN_URL)',
    fa: 'نشانی URL سرور دیدبان (یا DIDBAN_URL)',
  },
  'opt.program.lang': { en: 'language of messages: en or fa', fa: 'زبان پیام‌ها: en یا fa' },
  'opt.program.no_color': { en: 'plain output without colours', fa: 'خروجی ساده بدون رنگ' },
  'opt.program.verbose': {
    en: 'print details when something unexpected fails',
    fa: 'چاپ جزئیات هنگام شکست پیش‌بینی‌نشده',
  },
  // didban login
  'opt.login.username': {
    en: 'username (prompted when stdin is a terminal)',
    fa: 'نام کاربری (اگر ورودی ترمینال باشد، پرسیده می‌شود)',
  },
  'opt.login.email': {
    en: 'email (prompted when stdin is a terminal)',
    fa: 'ایمیل (اگر ورودی ترمینال باشد، پرسیده می‌شود)',
  },
  'opt.login.password_stdin': {
    en: 'read the password from stdin (pipelines)',
    fa: 'خواندن گذرواژه از ورودی استاندارد (برای خط لوله‌ها)',
  },
  'opt.login.token': {
    en: 'use an existing access token ("-" reads it from stdin)',
    fa: 'استفاده از یک توکن دسترسی موجود («-» آن را از ورودی استاندارد می‌خواند)',
  },
  'opt.login.github': { en: 'sign in with GitHub in the browser', fa: 'ورود با گیت‌هاب در مرورگر' },
  'opt.login.no_browser': {
    en: 'with --github: print the link instead of opening a browser',
    fa: 'همراه با --github: چاپ پیوند به‌جای باز کردن مرورگر',
  },
  'opt.login.timeout': {
    en: 'with --github: how long to wait for the browser',
    fa: 'همراه با --github: مدت انتظار برای مرورگر',
  },
  // didban whoami
  'opt.whoami.json': { en: 'machine-readable output', fa: 'خروجی ماشین‌خوان' },
  // didban workspace
  'opt.workspace_list.json': {
    en: 'machine-readable output: { results: [{ id, kind, name, role, members_count, current }] }',
    fa: 'خروجی ماشین‌خوان: { results: [{ id, kind, name, role, members_count, current }] }',
  },
  'arg.workspace_use.id': {
    en: 'a team id from `didban workspace list`, or "personal"',
    fa: 'شناسهٔ یک تیم از `didban workspace list`، یا «personal»',
  },
  // didban groups
  'opt.groups_list.search': {
    en: 'only groups whose name or roots contain this',
    fa: 'فقط گروه‌هایی که نام یا ریشه‌هایشان این متن را دارد',
  },
  'opt.groups_list.page': {
    en: 'page to show (25 per page; default 1)',
    fa: 'صفحهٔ نمایش (۲۵ مورد در هر صفحه؛ پیش‌فرض ۱)',
  },
  'opt.groups_list.all': { en: 'every page', fa: 'همهٔ صفحه‌ها' },
  'opt.groups_list.json': {
    en: 'machine-readable output: { results: [{ id, name, roots, port_setting, custom_ports, auto_discovery, asset_count, status, last_updated, created_at }], result_count, total_pages, current_page, next_page } (--all: { results, result_count })',
    fa: 'خروجی ماشین‌خوان: { results: [{ id, name, roots, port_setting, custom_ports, auto_discovery, asset_count, status, last_updated, created_at }], result_count, total_pages, current_page, next_page } (با --all: { results, result_count })',
  },
  'opt.groups_create.name': { en: 'the group name', fa: 'نام گروه' },
  'opt.groups_create.roots': {
    en: 'root domains, IPs or CIDRs, comma-separated',
    fa: 'دامنه‌های ریشه، IPها یا CIDRها، جداشده با ویرگول',
  },
  'opt.groups_create.ports': {
    en: 'top-100 (default), top-1000, or a list such as 80,443,8080-8090',
    fa: 'top-100 (پیش‌فرض)، top-1000، یا فهرستی مانند 80,443,8080-8090',
  },
  'opt.groups_create.no_auto_discovery': {
    en: 'scan only the roots, without finding subdomains',
    fa: 'اسکن فقط ریشه‌ها، بدون یافتن زیردامنه‌ها',
  },
  'opt.groups_create.worker_group': {
    en: 'run the discovery on this worker group',
    fa: 'اجرای کشف روی این گروه کارگزار',
  },
  'opt.groups_create.json': {
    en: 'print the created group as JSON (the groups list row)',
    fa: 'چاپ گروه ساخته‌شده به‌صورت JSON (همان سطر فهرست گروه‌ها)',
  },
  'arg.groups_rediscover.groupId': {
    en: 'a group id from `didban groups list`',
    fa: 'شناسهٔ یک گروه از `didban groups list`',
  },
  // didban assets
  'opt.assets.group': { en: 'only assets of this asset group', fa: 'فقط دارایی‌های این گروه دارایی' },
  'opt.assets.search': {
    en: 'only assets matching this text, as the panel search box does',
    fa: 'فقط دارایی‌های منطبق با این متن، همانند جست‌وجوی پنل',
  },
  'opt.assets.sort': {
    en: 'ordering, - for descending (default -updated_at)',
    fa: 'ترتیب، - برای نزولی (پیش‌فرض -updated_at)',
  },
  'opt.assets.filter': {
    en: 'key=v1,v2 (repeatable); keys: asset_group, status, host, cname, ip, technologies, title, port, gone (true: only assets a re-discovery no longer found), created_at_after, created_at_before',
    fa: 'key=v1,v2 (تکرارپذیر)؛ کلیدها: asset_group، status، host، cname، ip، technologies، title، port، gone (true: فقط دارایی‌هایی که کشف دوباره دیگر آن‌ها را نیافت)، created_at_after، created_at_before',
  },
  'opt.assets_list.page': {
    en: 'page to show (25 per page; default 1)',
    fa: 'صفحهٔ نمایش (۲۵ مورد در هر صفحه؛ پیش‌فرض ۱)',
  },
  'opt.assets_list.all': { en: 'every page, printed as it arrives', fa: 'همهٔ صفحه‌ها، چاپ‌شده به‌محض رسیدن' },
  'opt.assets_list.json': {
    en: 'machine-readable output: { results: [{ id, host, port, ip, status, title, cname, content_length, is_root, scanned_count, group, updated_at, created_at, technologies: [{ name, version }] }], result_count, total_pages, current_page, next_page } (--all: { results, result_count })',
    fa: 'خروجی ماشین‌خوان: { results: [{ id, host, port, ip, status, title, cname, content_length, is_root, scanned_count, group, updated_at, created_at, technologies: [{ name, version }] }], result_count, total_pages, current_page, next_page } (با --all: { results, result_count })',
  },
  'opt.assets_export.format': { en: 'csv or json', fa: 'csv یا json' },
  'opt.assets_export.out': {
    en: 'the file to write (replaced if it exists), or - for standard output',
    fa: 'پرونده‌ای که نوشته می‌شود (اگر باشد، جایگزین می‌شود)، یا - برای خروجی استاندارد',
  },
  // didban scans
  'opt.scans_list.search': {
    en: 'only scans whose name or targets match this',
    fa: 'فقط اسکن‌هایی که نام یا هدف‌هایشان با این متن منطبق است',
  },
  'opt.scans_list.status': {
    en: 'comma-separated: initializing, running, finished, failed, cancelled, scheduled, not_started',
    fa: 'جداشده با ویرگول: initializing، running، finished، failed، cancelled، scheduled، not_started',
  },
  'opt.scans_list.page': {
    en: 'page to show (25 per page; default 1)',
    fa: 'صفحهٔ نمایش (۲۵ مورد در هر صفحه؛ پیش‌فرض ۱)',
  },
  'opt.scans_list.all': { en: 'every page', fa: 'همهٔ صفحه‌ها' },
  'opt.scans_list.json': {
    en: 'machine-readable output: { results: [{ id, name, asset_group, asset_group_name, asset_groups: [{ id, name }], assets, template_ids, template_tags, status, latest_history, vulnerabilities, created_at }], result_count, total_pages, current_page, next_page } (--all: { results, result_count })',
    fa: 'خروجی ماشین‌خوان: { results: [{ id, name, asset_group, asset_group_name, asset_groups: [{ id, name }], assets, template_ids, template_tags, status, latest_history, vulnerabilities, created_at }], result_count, total_pages, current_page, next_page } (با --all: { results, result_count })',
  },
  'opt.scans_start.name': {
    en: 'the scan name (default: "bulk scan for" the groups or first hosts)',
    fa: 'نام اسکن (پیش‌فرض: «bulk scan for» و سپس گروه‌ها یا نخستین میزبان‌ها)',
  },
  'opt.scans_start.group': {
    en: 'scan this asset group (repeatable, or comma-separated)',
    fa: 'اسکن این گروه دارایی (تکرارپذیر، یا جداشده با ویرگول)',
  },
  'opt.scans_start.asset': {
    en: 'scan this asset (repeatable, or comma-separated); not with --group',
    fa: 'اسکن این دارایی (تکرارپذیر، یا جداشده با ویرگول)؛ نه همراه با --group',
  },
  'opt.scans_start.template': {
    en: 'run this template (repeatable, or comma-separated)',
    fa: 'اجرای این قالب (تکرارپذیر، یا جداشده با ویرگول)',
  },
  'opt.scans_start.tag': {
    en: 'run the templates with this tag (repeatable, or comma-separated)',
    fa: 'اجرای قالب‌های دارای این برچسب (تکرارپذیر، یا جداشده با ویرگول)',
  },
  'opt.scans_start.worker_group': { en: 'run on this worker group', fa: 'اجرا روی این گروه کارگزار' },
  'opt.scans_start.dast': {
    en: "a DAST scan: fuzzing templates fuzz the endpoints discovery's crawl found on the assets (the dast gate, for this scan's runs only)",
    fa: 'اسکن DAST: قالب‌های فازینگ نقطه‌های پایانی‌ای را که خزش کشف روی دارایی‌ها یافته است فاز می‌کنند (دروازهٔ dast، فقط برای اجراهای این اسکن)',
  },
  'opt.scans_start.follow': {
    en: 'follow the run until it ends (exit 0 finished, 1 failed or cancelled)',
    fa: 'دنبال کردن اجرا تا پایان (کد خروج 0: پایان‌یافته، 1: ناموفق یا لغوشده)',
  },
  'opt.scans_start.fail_on': {
    en: 'with --follow: exit 1 when the run found open findings at or above this',
    fa: 'همراه با --follow: خروج با کد 1 اگر اجرا یافتهٔ باز با این شدت یا بالاتر یافته باشد',
  },
  'opt.scans_start.include_triaged': {
    en: '--fail-on also counts triaged findings (fixed, false_positive, accepted_risk)',
    fa: '--fail-on یافته‌های رسیدگی‌شده را هم می‌شمارد (fixed، false_positive، accepted_risk)',
  },
  'opt.scans_start.timeout': {
    en: 'with --follow: stop following after this long (90s, 15m, 2h), exit 3',
    fa: 'همراه با --follow: توقف پیگیری پس از این مدت (90s، 15m، 2h)، با کد خروج 3',
  },
  'opt.scans_start.json': {
    en: 'print { scan_id, scan_history_id, name } (with --follow: plus the final status; progress lines go to stderr)',
    fa: 'چاپ { scan_id, scan_history_id, name } (با --follow: به‌علاوهٔ وضعیت پایانی؛ سطرهای پیشرفت به stderr می‌روند)',
  },
  'arg.scans_follow.scanId': {
    en: 'a scan id from `didban scans list`',
    fa: 'شناسهٔ یک اسکن از `didban scans list`',
  },
  'opt.scans_follow.history': {
    en: 'the run to follow (default: the latest)',
    fa: 'اجرایی که دنبال می‌شود (پیش‌فرض: آخرین اجرا)',
  },
  'opt.scans_follow.fail_on': {
    en: 'exit 1 when the run found open findings at or above this',
    fa: 'خروج با کد 1 اگر اجرا یافتهٔ باز با این شدت یا بالاتر یافته باشد',
  },
  'opt.scans_follow.include_triaged': {
    en: '--fail-on also counts triaged findings (fixed, false_positive, accepted_risk)',
    fa: '--fail-on یافته‌های رسیدگی‌شده را هم می‌شمارد (fixed، false_positive، accepted_risk)',
  },
  'opt.scans_follow.timeout': {
    en: 'stop following after this long (90s, 15m, 2h), exit 3',
    fa: 'توقف پیگیری پس از این مدت (90s، 15m، 2h)، با کد خروج 3',
  },
  'arg.scans_cancel.scanId': {
    en: 'a scan id from `didban scans list`',
    fa: 'شناسهٔ یک اسکن از `didban scans list`',
  },
  'opt.scans_cancel.history': {
    en: 'the run to cancel (default: the latest)',
    fa: 'اجرایی که لغو می‌شود (پیش‌فرض: آخرین اجرا)',
  },
  // didban vulns (vulns.ts and vulns-triage.ts)
  'opt.vulns_list.scan': { en: 'only what this scan found', fa: 'فقط آنچه این اسکن یافته است' },
  'opt.vulns_list.asset': { en: 'only findings on this asset', fa: 'فقط یافته‌های این دارایی' },
  'opt.vulns_list.severity': {
    en: 'comma-separated: critical, high, medium, low, info, unknown',
    fa: 'جداشده با ویرگول: critical، high، medium، low، info، unknown',
  },
  'opt.vulns_list.status': {
    en: 'comma-separated: open, in_progress, fixed, false_positive, accepted_risk',
    fa: 'جداشده با ویرگول: open، in_progress، fixed، false_positive، accepted_risk',
  },
  'opt.vulns_list.search': {
    en: 'only findings whose template, host or URL contain this',
    fa: 'فقط یافته‌هایی که قالب، میزبان یا URL آن‌ها این متن را دارد',
  },
  'opt.vulns_list.page': {
    en: 'page to show (25 per page; default 1)',
    fa: 'صفحهٔ نمایش (۲۵ مورد در هر صفحه؛ پیش‌فرض ۱)',
  },
  'opt.vulns_list.all': { en: 'every page', fa: 'همهٔ صفحه‌ها' },
  'opt.vulns_list.fail_on': {
    en: 'exit 1 when an open or in_progress listed vulnerability (on any page) is at or above: info, low, medium, high, critical',
    fa: 'خروج با کد 1 اگر یک آسیب‌پذیری فهرست‌شدهٔ open یا in_progress (در هر صفحه) با این شدت یا بالاتر باشد: info، low، medium، high، critical',
  },
  'opt.vulns_list.include_triaged': {
    en: '--fail-on also counts fixed, false_positive and accepted_risk (default: only open and in_progress)',
    fa: '--fail-on موارد fixed، false_positive و accepted_risk را هم می‌شمارد (پیش‌فرض: فقط open و in_progress)',
  },
  'opt.vulns_list.sarif': {
    en: 'also write the listed vulnerabilities as SARIF 2.1.0 (GitHub code scanning)',
    fa: 'نوشتن آسیب‌پذیری‌های فهرست‌شده به‌صورت SARIF 2.1.0 نیز (برای اسکن کد GitHub)',
  },
  'opt.vulns_list.jsonl': {
    en: 'one JSON object per vulnerability and line, same fields as --json',
    fa: 'یک شیء JSON در هر سطر برای هر آسیب‌پذیری، با همان فیلدهای --json',
  },
  'opt.vulns_list.csv': {
    en: 'CSV with a header line (spreadsheet-safe cells)',
    fa: 'CSV با سطر سرستون (خانه‌های امن برای صفحه‌گسترده)',
  },
  'opt.vulns_list.json': {
    en: 'machine-readable output: { results: [{ id, template_id, template_name, severity, matcher_name, status, asset, host, port, matched_at, scan, scan_history, first_seen_at, last_seen_at, fixed_at, reopened_count }], result_count, total_pages, current_page, next_page } (--all: { results, result_count })',
    fa: 'خروجی ماشین‌خوان: { results: [{ id, template_id, template_name, severity, matcher_name, status, asset, host, port, matched_at, scan, scan_history, first_seen_at, last_seen_at, fixed_at, reopened_count }], result_count, total_pages, current_page, next_page } (با --all: { results, result_count })',
  },
  'arg.vulns_set_status.id': {
    en: 'a vulnerability id from `didban vulns list`',
    fa: 'شناسهٔ یک آسیب‌پذیری از `didban vulns list`',
  },
  'arg.vulns_set_status.status': {
    en: 'open, in_progress, fixed, false_positive or accepted_risk',
    fa: 'open، in_progress، fixed، false_positive یا accepted_risk',
  },
  'arg.vulns_retest.id': {
    en: 'a vulnerability id from `didban vulns list`',
    fa: 'شناسهٔ یک آسیب‌پذیری از `didban vulns list`',
  },
  'opt.vulns_retest.no_wait': { en: 'queue it and return at once', fa: 'فقط در صف گذاشتن و بازگشت بی‌درنگ' },
  'opt.vulns_retest.timeout': {
    en: 'longest wait for the verdict (default 300)',
    fa: 'بیشترین زمان انتظار برای نتیجه (پیش‌فرض ۳۰۰)',
  },
  'opt.vulns_retest.json': {
    en: 'print the retest: { id, status, verdict, reason, evidence: [{ kind, request, response }] }',
    fa: 'چاپ آزمون دوباره: { id, status, verdict, reason, evidence: [{ kind, request, response }] }',
  },
  'arg.vulns_assign.id': { en: 'a vulnerability id', fa: 'شناسهٔ یک آسیب‌پذیری' },
  'arg.vulns_assign.member': {
    en: 'a username or user id of the workspace, or `none`',
    fa: 'نام کاربری یا شناسهٔ کاربری یکی از اعضای فضای کاری، یا `none`',
  },
  'opt.vulns_assign.json': { en: 'print the vulnerability', fa: 'چاپ آسیب‌پذیری' },
  'arg.vulns_comment.id': { en: 'a vulnerability id', fa: 'شناسهٔ یک آسیب‌پذیری' },
  'arg.vulns_comment.text': {
    en: 'the comment; @username mentions a member',
    fa: 'متن یادداشت؛ ‎@username از عضوی نام می‌برد',
  },
  'opt.vulns_comment.json': { en: 'print the comment', fa: 'چاپ یادداشت' },
  'arg.vulns_accept.id': { en: 'a vulnerability id', fa: 'شناسهٔ یک آسیب‌پذیری' },
  'opt.vulns_accept.reason': { en: 'why the risk is accepted (required)', fa: 'دلیل پذیرش ریسک (الزامی)' },
  'opt.vulns_accept.until': {
    en: 'when the acceptance ends and the finding reopens (YYYY-MM-DD; default 90 days)',
    fa: 'زمان پایان پذیرش و بازگشایی یافته (YYYY-MM-DD؛ پیش‌فرض ۹۰ روز)',
  },
  'opt.vulns_accept.json': { en: 'print the vulnerability', fa: 'چاپ آسیب‌پذیری' },
  'opt.vulns_bulk.ids': {
    en: 'comma-separated vulnerability ids (else every finding matching the filters)',
    fa: 'شناسه‌های آسیب‌پذیری، جداشده با ویرگول (وگرنه همهٔ یافته‌های منطبق با فیلترها)',
  },
  'opt.vulns_bulk.severity': {
    en: 'filter: critical, high, medium, low, info, unknown',
    fa: 'فیلتر: critical، high، medium، low، info، unknown',
  },
  'opt.vulns_bulk.status': {
    en: 'filter: open, in_progress, fixed, false_positive, accepted_risk',
    fa: 'فیلتر: open، in_progress، fixed، false_positive، accepted_risk',
  },
  'opt.vulns_bulk.search': {
    en: 'filter: template, host or URL contain this',
    fa: 'فیلتر: قالب، میزبان یا URL این متن را دارد',
  },
  'opt.vulns_bulk.scan': { en: 'filter: what this scan found', fa: 'فیلتر: آنچه این اسکن یافته است' },
  'opt.vulns_bulk.asset': { en: 'filter: findings on this asset', fa: 'فیلتر: یافته‌های این دارایی' },
  'opt.vulns_bulk.overdue': {
    en: 'filter: open findings past their due date',
    fa: 'فیلتر: یافته‌های باز گذشته از موعد',
  },
  'opt.vulns_bulk.due_within': {
    en: 'filter: open findings due within this many days',
    fa: 'فیلتر: یافته‌های بازی که موعدشان تا این تعداد روز دیگر است',
  },
  'opt.vulns_bulk.assignee': {
    en: 'filter: a member id, `me` or `none`',
    fa: 'فیلتر: شناسهٔ یک عضو، `me` یا `none`',
  },
  'opt.vulns_bulk.set_status': {
    en: 'action: open, in_progress, fixed, false_positive or accepted_risk',
    fa: 'اقدام: open، in_progress، fixed، false_positive یا accepted_risk',
  },
  'opt.vulns_bulk.reason': {
    en: 'the reason a false positive or an accepted risk needs',
    fa: 'دلیلی که مثبت کاذب یا ریسک پذیرفته‌شده لازم دارد',
  },
  'opt.vulns_bulk.until': { en: 'end of an acceptance (YYYY-MM-DD)', fa: 'پایان پذیرش (YYYY-MM-DD)' },
  'opt.vulns_bulk.assign': {
    en: 'action: assign to this username or id',
    fa: 'اقدام: سپردن به این نام کاربری یا شناسه',
  },
  'opt.vulns_bulk.unassign': { en: 'action: assign to nobody', fa: 'اقدام: سپردن به هیچ‌کس' },
  'opt.vulns_bulk.retest': {
    en: 'action: queue a retest of each',
    fa: 'اقدام: گذاشتن آزمون دوبارهٔ هر یک در صف',
  },
  'opt.vulns_bulk.json': { en: 'print { matched, changed }', fa: 'چاپ { matched, changed }' },
  // didban ui
  'help.ui_keys': {
    en: 'Keys: ↑↓ move, Enter open a group, Space select assets, a select the page, ←→ pages,\ns bulk scan (the selection, else the group), e export (csv/json), q or Esc back, Ctrl+C quit.\n',
    fa: 'کلیدها: ↑↓ حرکت، Enter باز کردن گروه، Space انتخاب دارایی‌ها، a انتخاب صفحه، ←→ صفحه‌ها،\ns اسکن گروهی (موارد انتخاب‌شده، وگرنه گروه)، e خروجی (csv/json)، q یا Esc بازگشت، Ctrl+C خروج.\n',
  },
  // didban templates
  'arg.templates_validate.paths': {
    en: 'template files or folders of .yaml files',
    fa: 'پرونده‌های قالب یا پوشه‌هایی از پرونده‌های ‎.yaml',
  },
  'opt.templates_validate.json': {
    en: 'machine-readable output: { results: [{ file, ok, id, errors, warnings }] }',
    fa: 'خروجی ماشین‌خوان: { results: [{ file, ok, id, errors, warnings }] }',
  },
  'arg.templates_sign.paths': {
    en: 'template files or folders of .yaml files',
    fa: 'پرونده‌های قالب یا پوشه‌هایی از پرونده‌های ‎.yaml',
  },
  'opt.templates_sign.key': {
    en: 'ECDSA P-256 private key (PEM: nuclei-user-private-key.pem, EC or PKCS#8)',
    fa: 'کلید خصوصی ECDSA P-256 (PEM: nuclei-user-private-key.pem، EC یا PKCS#8)',
  },
  'opt.templates_list.tags': {
    en: 'only templates with any of these tags (comma-separated)',
    fa: 'فقط قالب‌های دارای هر یک از این برچسب‌ها (جداشده با ویرگول)',
  },
  'opt.templates_list.search': {
    en: 'only templates whose id or name contain this',
    fa: 'فقط قالب‌هایی که شناسه یا نامشان این متن را دارد',
  },
  'opt.templates_list.severity': {
    en: 'comma-separated: info, low, medium, high, critical',
    fa: 'جداشده با ویرگول: info، low، medium، high، critical',
  },
  'opt.templates_list.scope': { en: 'public or mine (default: both)', fa: 'public یا mine (پیش‌فرض: هر دو)' },
  'opt.templates_list.json': {
    en: 'machine-readable output: { results: [{ id, template_id, name, severity, tags, protocol, author, source, runnable, updated_at }], result_count }',
    fa: 'خروجی ماشین‌خوان: { results: [{ id, template_id, name, severity, tags, protocol, author, source, runnable, updated_at }], result_count }',
  },
  'arg.templates_run.paths': {
    en: 'template files or folders of .yaml files',
    fa: 'پرونده‌های قالب یا پوشه‌هایی از پرونده‌های ‎.yaml',
  },
  'opt.templates_run.target': {
    en: 'URL, host:port, host or IP (repeatable, comma-separated; - reads standard input, @FILE a list)',
    fa: 'URL، host:port، میزبان یا IP (تکرارپذیر، جداشده با ویرگول؛ - از ورودی استاندارد می‌خواند، ‎@FILE یک فهرست)',
  },
  'opt.templates_run.list': {
    en: 'a file of targets, one per line (- for standard input); with --input-mode, a file of requests',
    fa: 'پرونده‌ای از هدف‌ها، یکی در هر سطر (- برای ورودی استاندارد)؛ همراه با --input-mode، پرونده‌ای از درخواست‌ها',
  },
  'opt.templates_run.id': {
    en: 'only templates with these ids (comma-separated, repeatable)',
    fa: 'فقط قالب‌هایی با این شناسه‌ها (جداشده با ویرگول، تکرارپذیر)',
  },
  'opt.templates_run.tags': {
    en: 'only templates with any of these tags',
    fa: 'فقط قالب‌های دارای هر یک از این برچسب‌ها',
  },
  'opt.templates_run.exclude_tags': {
    en: 'leave out templates with any of these tags',
    fa: 'کنار گذاشتن قالب‌های دارای هر یک از این برچسب‌ها',
  },
  'opt.templates_run.severity': {
    en: 'only templates of these severities: info, low, medium, high, critical',
    fa: 'فقط قالب‌هایی با این شدت‌ها: info، low، medium، high، critical',
  },
  'opt.templates_run.exclude_severity': {
    en: 'leave out templates of these severities',
    fa: 'کنار گذاشتن قالب‌هایی با این شدت‌ها',
  },
  'opt.templates_run.header': {
    en: '"Name: value" added to every HTTP request (repeatable)',
    fa: 'سرایند "Name: value" که به هر درخواست HTTP افزوده می‌شود (تکرارپذیر)',
  },
  'opt.templates_run.resolver': {
    en: 'DNS resolver, ip or ip:port, for DNS templates and the host names of targets (repeatable, comma-separated)',
    fa: 'حل‌کنندهٔ DNS، به شکل ip یا ip:port، برای قالب‌های DNS و نام میزبان هدف‌ها (تکرارپذیر، جداشده با ویرگول)',
  },
  'opt.templates_run.rate_limit': {
    en: 'requests per second (default 150)',
    fa: 'درخواست در ثانیه (پیش‌فرض ۱۵۰)',
  },
  'opt.templates_run.concurrency': {
    en: 'templates run in parallel (default 25)',
    fa: 'قالب‌هایی که هم‌زمان اجرا می‌شوند (پیش‌فرض ۲۵)',
  },
  'opt.templates_run.timeout': {
    en: 'seconds a request may take, connect and answer (default 10)',
    fa: 'ثانیه‌هایی که یک درخواست، از اتصال تا پاسخ، می‌تواند طول بکشد (پیش‌فرض ۱۰)',
  },
  'opt.templates_run.enable_self_contained': {
    en: "run self-contained templates too (nuclei's -esc; off by default)",
    fa: 'اجرای قالب‌های خودبسنده نیز (‎-esc در nuclei؛ پیش‌فرض خاموش)',
  },
  'opt.templates_run.dast': {
    en: "run only fuzzing (DAST) templates, altering the parameters of the targets' URLs or of --input-mode requests (nuclei's -dast)",
    fa: 'اجرای فقط قالب‌های فازینگ (DAST) با دست‌کاری پارامترهای URL هدف‌ها یا درخواست‌های --input-mode (‎-dast در nuclei)',
  },
  'opt.templates_run.input_mode': {
    en: "how -l files are read (nuclei's -im): list (URLs), burp (Burp XML export), openapi, swagger, jsonl, yaml",
    fa: 'شیوهٔ خواندن پرونده‌های ‎-l (‎-im در nuclei): list (URLها)، burp (خروجی XML از Burp)، openapi، swagger، jsonl، yaml',
  },
  'opt.templates_run.headless': {
    en: "run headless templates in a local Chromium, 10 pages at most (nuclei's -headless; off by default)",
    fa: 'اجرای قالب‌های headless در یک Chromium محلی، حداکثر ۱۰ صفحه (‎-headless در nuclei؛ پیش‌فرض خاموش)',
  },
  'opt.templates_run.code': {
    en: "run signed code templates' interpreters on this machine (nuclei's -code; off by default)",
    fa: 'اجرای مفسرهای قالب‌های code امضاشده روی همین دستگاه (‎-code در nuclei؛ پیش‌فرض خاموش)',
  },
  'opt.templates_run.file': {
    en: "run file templates over this file or folder (repeatable; nuclei's -file: bare, the --target values are the paths)",
    fa: 'اجرای قالب‌های file روی این پرونده یا پوشه (تکرارپذیر؛ ‎-file در nuclei: بدون مقدار، مقدارهای --target همان مسیرها هستند)',
  },
  'opt.templates_run.template_signing_key': {
    en: "trust code templates signed with this key (PEM certificate or public key; repeatable; env DIDBAN_TEMPLATE_SIGNING_KEYS) beside ProjectDiscovery's",
    fa: 'اعتماد به قالب‌های code امضاشده با این کلید (گواهی یا کلید عمومی PEM؛ تکرارپذیر؛ متغیر محیطی DIDBAN_TEMPLATE_SIGNING_KEYS) در کنار کلید ProjectDiscovery',
  },
  'opt.templates_run.interactsh_url': {
    en: "interaction server for out-of-band templates (nuclei's -iserver), e.g. a didban-oast; none: they are skipped",
    fa: 'سرور تعامل برای قالب‌های خارج از باند (‎-iserver در nuclei)، مثلاً یک didban-oast؛ بدون آن، این قالب‌ها رد می‌شوند',
  },
  'opt.templates_run.interactsh_token': {
    en: "the interaction server's auth token (nuclei's -itoken)",
    fa: 'توکن احراز هویت سرور تعامل (‎-itoken در nuclei)',
  },
  'opt.templates_run.jsonl': {
    en: "a JSON line per finding as it is found, with nuclei's field names",
    fa: 'یک سطر JSON برای هر یافته به‌محض یافتن، با نام فیلدهای nuclei',
  },
  'opt.templates_run.json': {
    en: 'one document at the end: { results, skipped, failures, unreachable }',
    fa: 'یک سند در پایان: { results, skipped, failures, unreachable }',
  },
  'opt.templates_run.output': {
    en: 'also write findings to this file (JSON lines with --jsonl; - for stdout)',
    fa: 'نوشتن یافته‌ها در این پرونده نیز (سطرهای JSON با --jsonl؛ - برای stdout)',
  },
  'opt.templates_run.sarif': {
    en: 'write the findings as SARIF 2.1.0 (GitHub code scanning)',
    fa: 'نوشتن یافته‌ها به‌صورت SARIF 2.1.0 (برای اسکن کد GitHub)',
  },
  'opt.templates_run.silent': {
    en: 'print findings only: no skips, failures or summary',
    fa: 'چاپ فقط یافته‌ها: بدون ردشده‌ها، خطاها و خلاصه',
  },
  'opt.templates_run.omit_raw': {
    en: 'leave requests and responses out of --jsonl and -o',
    fa: 'حذف درخواست‌ها و پاسخ‌ها از --jsonl و ‎-o',
  },
  'opt.templates_run.stats': {
    en: 'a line of statistics on stderr every 5 seconds',
    fa: 'یک سطر آمار روی stderr هر ۵ ثانیه',
  },
  'opt.templates_run.fail_on': {
    en: 'exit 1 when a finding is at or above: info, low, medium, high, critical',
    fa: 'خروج با کد 1 اگر یافته‌ای با این شدت یا بالاتر باشد: info، low، medium، high، critical',
  },
  'opt.templates_run.allow_unreachable': {
    en: 'do not fail (exit 3) when some targets are unreachable',
    fa: 'شکست نخوردن (کد خروج 3) هنگامی که برخی هدف‌ها در دسترس نیستند',
  },
  // didban config
  'opt.config_show.json': {
    en: 'machine-readable output: { file, server, language, workspace, signed_in }',
    fa: 'خروجی ماشین‌خوان: { file, server, language, workspace, signed_in }',
  },
  'arg.config_set.key': { en: 'server or language', fa: 'server یا language' },
  'arg.config_set.value': { en: 'a server URL, or en / fa', fa: 'نشانی URL سرور، یا en / fa' },
  // didban alerts
  'cmd.alerts': {
    en: 'alert channels, rules and deliveries of the current workspace',
    fa: 'کانال‌ها، قاعده‌ها و ارسال‌های هشدار در فضای کاری جاری',
  },
  'cmd.alerts.list': {
    en: 'channels (secrets masked) with their last delivery, and rules',
    fa: 'کانال‌ها (با رازهای پوشانده‌شده) همراه با آخرین ارسالشان، و قاعده‌ها',
  },
  'opt.alerts_list.json': {
    en: 'machine-readable output: { channels: [...], rules: [...] } as the API answers them',
    fa: 'خروجی ماشین‌خوان: { channels: [...], rules: [...] } همان‌گونه که API پاسخ می‌دهد',
  },
  'cmd.alerts.test': {
    en: 'send a test message to a channel (by id or name) and wait for its outcome',
    fa: 'فرستادن پیام آزمایشی به یک کانال (با شناسه یا نام) و انتظار برای نتیجهٔ آن',
  },
  'arg.alerts_test.channel': { en: 'the channel id or name', fa: 'شناسه یا نام کانال' },
  'opt.alerts_test.no_wait': { en: 'only queue it', fa: 'فقط در صف گذاشتن' },
  'opt.alerts_test.json': { en: 'print the delivery as JSON', fa: 'چاپ ارسال به‌صورت JSON' },
  // didban report
  'cmd.report': {
    en: 'build a PDF or HTML report on the server (a scan’s latest run, an asset group, or the workspace) and save it',
    fa: 'ساخت گزارش PDF یا HTML روی سرور (آخرین اجرای یک اسکن، یک گروه دارایی یا فضای کاری) و ذخیرهٔ آن',
  },
  'opt.report.scan': { en: 'the latest run of this scan', fa: 'آخرین اجرای این اسکن' },
  'opt.report.group': { en: 'this asset group', fa: 'این گروه دارایی' },
  'opt.report.since': {
    en: 'findings seen since this date (2026-01-31)',
    fa: 'یافته‌هایی که از این تاریخ به بعد دیده شده‌اند (2026-01-31)',
  },
  'opt.report.until': {
    en: 'findings first seen until this date',
    fa: 'یافته‌هایی که نخستین بار تا این تاریخ دیده شده‌اند',
  },
  'opt.report.format': { en: 'pdf or html', fa: 'pdf یا html' },
  'opt.report.lang': {
    en: 'language of the report: fa or en (default: the CLI’s)',
    fa: 'زبان گزارش: fa یا en (پیش‌فرض: زبان همین کلاینت)',
  },
  'opt.report.preset': { en: 'executive or technical', fa: 'executive یا technical' },
  'opt.report.out': { en: 'where to save the file', fa: 'محل ذخیرهٔ پرونده' },
  'opt.report.timeout': {
    en: 'longest wait for the server to build it',
    fa: 'بیشترین زمان انتظار برای ساخت گزارش روی سرور',
  },
  'opt.report.json': { en: 'print the report record as JSON', fa: 'چاپ رکورد گزارش به‌صورت JSON' },
} as const satisfies Record<string, Record<Lang, string>>;
