import type { Lang } from '@didban/core';
import { HELP_MESSAGES } from './messages-help.js';
import { TRIAGE_MESSAGES } from './messages-triage.js';

/**
 * What the terminal client itself says, in both languages. Server errors arrive already in the
 * caller's language (Accept-Language), so only the client's own words live here. `{name}`
 * placeholders are filled by `t`; a test checks that both languages have the same keys and the
 * same placeholders.
 */
export const CLI_MESSAGES = {
  ...TRIAGE_MESSAGES,
  ...HELP_MESSAGES,
  // Command descriptions (help)
  'cmd.program': {
    en: 'Didban terminal client: attack-surface management and vulnerability scanning.',
    fa: 'کلاینت ترمینال دیدبان: مدیریت سطح حمله و اسکن آسیب‌پذیری.',
  },
  'cmd.login': {
    en: 'Sign in to a Didban server (password, token or GitHub).',
    fa: 'ورود به سرور دیدبان (گذرواژه، توکن یا گیت‌هاب).',
  },
  'cmd.logout': { en: 'Forget the saved session.', fa: 'فراموش کردن نشست ذخیره‌شده.' },
  'cmd.whoami': {
    en: 'Show the signed-in user, the server and the current workspace.',
    fa: 'نمایش کاربر واردشده، سرور و فضای کاری جاری.',
  },
  'cmd.workspace': { en: 'List and switch workspaces.', fa: 'فهرست و تغییر فضاهای کاری.' },
  'cmd.workspace.list': {
    en: 'List your workspaces (personal and teams).',
    fa: 'فهرست فضاهای کاری شما (شخصی و تیم‌ها).',
  },
  'cmd.workspace.use': {
    en: 'Switch the workspace later commands act in.',
    fa: 'تغییر فضای کاری‌ای که فرمان‌های بعدی در آن اجرا می‌شوند.',
  },
  'cmd.templates': {
    en: 'Check and run Nuclei-compatible templates locally.',
    fa: 'بررسی و اجرای محلی قالب‌های سازگار با Nuclei.',
  },
  'cmd.templates.validate': {
    en: 'Check templates for errors, with line numbers.',
    fa: 'بررسی خطاهای قالب‌ها همراه با شمارهٔ خط.',
  },
  'cmd.templates.run': {
    en: 'Run templates against a target with the local engine.',
    fa: 'اجرای قالب‌ها روی یک هدف با موتور محلی.',
  },
  'cmd.config': { en: 'Show or change saved settings.', fa: 'نمایش یا تغییر تنظیمات ذخیره‌شده.' },
  'cmd.config.show': {
    en: 'Show the saved settings (never the token).',
    fa: 'نمایش تنظیمات ذخیره‌شده (هرگز توکن).',
  },
  'cmd.config.set': {
    en: 'Save the default server or the language.',
    fa: 'ذخیرهٔ سرور پیش‌فرض یا زبان.',
  },
  'help.examples': { en: 'Examples:', fa: 'نمونه‌ها:' },
  interrupted: { en: 'Interrupted (Ctrl+C).', fa: 'متوقف شد (Ctrl+C).' },

  // Usage errors
  'usage.error': { en: '{detail} (see: {command} --help)', fa: '{detail} (راهنما: {command} --help)' },
  // Commander's usage errors (usage-detail.ts): the English words are commander's own.
  'usage.unknown_option': { en: "unknown option '{option}'", fa: 'پرچم ناشناخته «{option}»' },
  'usage.unknown_command': { en: "unknown command '{command}'", fa: 'فرمان ناشناخته «{command}»' },
  'usage.did_you_mean': { en: '(Did you mean {name}?)', fa: '(منظورتان {name} بود؟)' },
  'usage.did_you_mean_one_of': {
    en: '(Did you mean one of {names}?)',
    fa: '(منظورتان یکی از {names} بود؟)',
  },
  'usage.missing_argument': {
    en: "missing required argument '{name}'",
    fa: 'آرگومان لازم «{name}» داده نشده است',
  },
  'usage.option_missing_argument': {
    en: "option '{option}' argument missing",
    fa: 'پرچم «{option}» مقدار می‌خواهد',
  },
  'usage.required_option': {
    en: "required option '{option}' not specified",
    fa: 'پرچم لازم «{option}» داده نشده است',
  },
  'usage.too_many_arguments': {
    en: 'too many arguments. Expected {expected} arguments but got {got}.',
    fa: 'آرگومان‌ها بیش از اندازه است: {expected} آرگومان انتظار می‌رفت، {got} آرگومان داده شد.',
  },
  'usage.too_many_arguments_for': {
    en: "too many arguments for '{command}'. Expected {expected} arguments but got {got}.",
    fa: 'آرگومان‌های «{command}» بیش از اندازه است: {expected} آرگومان انتظار می‌رفت، {got} آرگومان داده شد.',
  },
  'usage.invalid_option_value': {
    en: "option '{option}' argument '{value}' is invalid. {reason}",
    fa: 'مقدار «{value}» برای پرچم «{option}» نامعتبر است. {reason}',
  },
  'usage.single_dash': {
    en: 'Unknown flag {flag}: long flags take two dashes ({long}), and didban never splits {flag} into one-letter flags (see: {command} --help).',
    fa: 'پرچم ناشناخته {flag}: پرچم‌های بلند دو خط تیره می‌گیرند ({long}) و دیدبان {flag} را به پرچم‌های یک‌حرفی نمی‌شکند (راهنما: {command} --help).',
  },
  'templates.invalid_skipped': {
    en: 'Skipped {count} of {total} template(s) that do not load (errors above; check them with: didban templates validate).',
    fa: '{count} قالب از {total} قالب بارگذاری نشد و کنار گذاشته شد (خطاها در بالا؛ بررسی با: didban templates validate).',
  },
  'templates.unanswered': {
    en: '{count} of {total} target(s) accepted connections but answered no request, counted as unreachable; first: {target} ({reason}).',
    fa: '{count} هدف از {total} هدف اتصال را پذیرفت ولی به هیچ درخواستی پاسخ نداد و دست‌نیافتنی شمرده شد؛ نخستین: {target} ({reason}).',
  },
  'templates.stats': {
    en: '[stats] elapsed {elapsed} | templates {templates} | targets {targets} | findings {findings} | skipped {skipped} | failures {failures}',
    fa: '[آمار] زمان {elapsed} | قالب‌ها {templates} | هدف‌ها {targets} | یافته‌ها {findings} | ردشده {skipped} | خطاها {failures}',
  },
  'usage.bad_lang': {
    en: 'Unknown language "{value}": use en or fa.',
    fa: 'زبان ناشناخته «{value}»: en یا fa.',
  },
  'usage.bad_url': {
    en: 'Not a valid server address: "{value}" (expected http://host:port).',
    fa: 'نشانی سرور معتبر نیست: «{value}» (مانند http://host:port).',
  },
  'usage.bad_number': {
    en: '{option} must be a positive whole number, not "{value}".',
    fa: '{option} باید عدد صحیح مثبت باشد، نه «{value}».',
  },
  'usage.bad_severity': {
    en: 'Unknown severity "{value}": use one of {allowed}.',
    fa: 'شدت ناشناخته «{value}»: یکی از {allowed}.',
  },
  'usage.bad_target': {
    en: 'Not a valid target "{target}": expected a URL, host:port, host or IP.',
    fa: 'هدف معتبر نیست «{target}»: نشانی URL، host:port، میزبان یا IP لازم است.',
  },
  'usage.bad_input_mode': {
    en: 'Unknown input mode "{value}": use one of {allowed}.',
    fa: 'حالت ورودی ناشناخته «{value}»: یکی از {allowed}.',
  },
  'usage.input_mode_needs_list': {
    en: 'Input mode {mode} reads the requests from a file: give it with -l FILE.',
    fa: 'حالت ورودی {mode} درخواست‌ها را از پرونده می‌خواند: آن را با -l FILE بدهید.',
  },
  'usage.no_fuzzing_templates': {
    en: '--dast runs fuzzing templates only, and none of the {count} selected has fuzzing rules.',
    fa: '--dast فقط قالب‌های فازینگ را اجرا می‌کند و هیچ‌یک از {count} قالب انتخاب‌شده قاعدهٔ فازینگ ندارد.',
  },
  'error.bad_input_file': {
    en: 'Cannot read {file} as {mode}: {reason}',
    fa: 'خواندن {file} به‌صورت {mode} ممکن نشد: {reason}',
  },
  'error.no_inputs': {
    en: 'No request in {file} ({mode}): nothing to fuzz.',
    fa: 'در {file} ({mode}) درخواستی نیست: چیزی برای فاز کردن نیست.',
  },
  'usage.login_conflict': {
    en: 'Choose one way to sign in: a password, --token or --github.',
    fa: 'فقط یک روش ورود را انتخاب کنید: گذرواژه، --token یا --github.',
  },
  'usage.login_needs_tty': {
    en: 'Missing {fields}: stdin is not a terminal, so pass --username, --email and --password-stdin (or --token).',
    fa: '{fields} داده نشده است: ورودی ترمینال نیست؛ --username، --email و --password-stdin (یا --token) را بدهید.',
  },
  'usage.password_stdin_tty': {
    en: '--password-stdin reads the password from a pipe, but stdin is a terminal.',
    fa: '--password-stdin گذرواژه را از لوله می‌خواند، اما ورودی ترمینال است.',
  },
  'usage.invalid_fields': { en: '{detail}', fa: '{detail}' },
  'usage.bad_config_key': {
    en: 'Unknown setting "{key}": use one of {allowed}.',
    fa: 'تنظیم ناشناخته «{key}»: یکی از {allowed}.',
  },

  // Failures
  'error.unreachable': {
    en: 'Cannot reach the Didban server at {url} ({reason}). Check --server or DIDBAN_URL.',
    fa: 'دسترسی به سرور دیدبان در {url} ممکن نشد ({reason}). --server یا DIDBAN_URL را بررسی کنید.',
  },
  'error.not_didban': {
    en: 'The server at {url} did not answer like a Didban server ({detail}).',
    fa: 'سرور {url} مانند سرور دیدبان پاسخ نداد ({detail}).',
  },
  'error.not_signed_in': {
    en: 'You are not signed in. Run: didban login',
    fa: 'وارد نشده‌اید. اجرا کنید: didban login',
  },
  'error.session_expired': {
    en: 'Your session is invalid or has expired. Run: didban login',
    fa: 'نشست شما نامعتبر است یا منقضی شده است. اجرا کنید: didban login',
  },
  'error.unknown_workspace': {
    en: 'No workspace with id "{id}". Run: didban workspace list',
    fa: 'فضای کاری با شناسهٔ «{id}» وجود ندارد. اجرا کنید: didban workspace list',
  },
  'error.workspace_gone': {
    en: 'The workspace "{id}" is not available to you. Run: didban workspace use personal',
    fa: 'فضای کاری «{id}» در دسترس شما نیست. اجرا کنید: didban workspace use personal',
  },
  'error.read_file': { en: 'Cannot read {file}: {reason}', fa: 'خواندن {file} ممکن نشد: {reason}' },
  'error.no_templates': {
    en: 'No template to run: every template was invalid or rejected.',
    fa: 'قالبی برای اجرا نماند: همهٔ قالب‌ها نامعتبر یا ردشده بودند.',
  },
  'error.github_timeout': {
    en: 'No answer from the browser within {seconds} seconds. Run didban login --github again.',
    fa: 'در {seconds} ثانیه پاسخی از مرورگر نرسید. دوباره didban login --github را اجرا کنید.',
  },
  'error.github_handoff': {
    en: 'The browser handed back no session: {detail}',
    fa: 'مرورگر نشستی برنگرداند: {detail}',
  },
  'error.unexpected': {
    en: 'Unexpected error: {detail} (run with --verbose for details)',
    fa: 'خطای پیش‌بینی‌نشده: {detail} (برای جزئیات با --verbose اجرا کنید)',
  },
  'error.gate': {
    en: '{count} finding(s) at or above {severity}: failing as --fail-on asks.',
    fa: '{count} یافته با شدت {severity} یا بالاتر: طبق --fail-on شکست.',
  },

  // Results
  'login.ok': {
    en: 'Signed in to {server} as {username} ({email}).',
    fa: 'به {server} با نام {username} ({email}) وارد شدید.',
  },
  'login.prompt_username': { en: 'Username: ', fa: 'نام کاربری: ' },
  'login.prompt_email': { en: 'Email: ', fa: 'ایمیل: ' },
  'login.prompt_password': { en: 'Password: ', fa: 'گذرواژه: ' },
  'login.github_open': {
    en: 'Opening GitHub sign-in in your browser. If it does not open, visit:\n{url}',
    fa: 'صفحهٔ ورود گیت‌هاب در مرورگر باز می‌شود. اگر باز نشد، به این نشانی بروید:\n{url}',
  },
  'login.github_page_ok': {
    en: 'Signed in. You can close this tab and return to the terminal.',
    fa: 'وارد شدید. می‌توانید این زبانه را ببندید و به ترمینال برگردید.',
  },
  'login.github_page_failed': {
    en: 'Sign-in failed. Return to the terminal for details.',
    fa: 'ورود انجام نشد. برای جزئیات به ترمینال برگردید.',
  },
  'config.saved': { en: 'Saved {key}.', fa: '{key} ذخیره شد.' },
  'logout.ok': { en: 'Signed out of {server}.', fa: 'از {server} خارج شدید.' },
  'logout.none': { en: 'You were not signed in.', fa: 'وارد نشده بودید.' },
  'whoami.line': {
    en: '{username} <{email}> on {server}, workspace: {workspace} ({role})',
    fa: '{username} <{email}> روی {server}، فضای کاری: {workspace} ({role})',
  },
  'workspace.personal': { en: 'Personal', fa: 'شخصی' },
  'workspace.used': {
    en: 'Now using workspace {name} ({id}).',
    fa: 'اکنون در فضای کاری {name} ({id}) هستید.',
  },
  'workspace.none': { en: 'No workspaces.', fa: 'فضای کاری‌ای نیست.' },
  'table.current': { en: 'Current', fa: 'جاری' },
  'table.id': { en: 'ID', fa: 'شناسه' },
  'table.name': { en: 'Name', fa: 'نام' },
  'scans.follow_timeout': {
    en: 'Stopped following after {seconds} s (--timeout); the scan goes on. Follow again: didban scans follow {scan} --history {history}',
    fa: 'پیگیری پس از {seconds} ثانیه متوقف شد (--timeout)؛ اسکن ادامه دارد. پیگیری دوباره: didban scans follow {scan} --history {history}',
  },
  'usage.bad_duration': {
    en: 'Not a duration for {option}: "{value}" (use 90, 90s, 15m or 2h).',
    fa: 'مدت معتبر برای {option} نیست: «{value}» (مانند 90، 90s، 15m یا 2h).',
  },
  'usage.gate_needs_follow': {
    en: '--fail-on and --timeout need --follow: the gate reads the finished run.',
    fa: '--fail-on و --timeout به --follow نیاز دارند: دروازه نتیجهٔ اجرای پایان‌یافته را می‌خواند.',
  },
  'error.config_corrupt': {
    en: 'The config file {file} is not valid JSON ({reason}): fix it, or delete it and run didban login again.',
    fa: 'پروندهٔ تنظیمات {file} JSON معتبر نیست ({reason}): آن را درست کنید، یا پاکش کنید و دوباره didban login بزنید.',
  },
  'error.config_unreadable': {
    en: 'Cannot read the config file {file}: {reason}. Fix its permissions, or set DIDBAN_CONFIG_DIR to another folder.',
    fa: 'خواندن پروندهٔ تنظیمات {file} ممکن نشد: {reason}. دسترسی آن را درست کنید، یا DIDBAN_CONFIG_DIR را به پوشهٔ دیگری بدهید.',
  },
  'error.unknown_group': {
    en: 'No asset group with id {id} in this workspace. Run: didban groups list',
    fa: 'گروه دارایی با شناسهٔ {id} در این فضای کاری نیست. اجرا کنید: didban groups list',
  },
  'error.unknown_vulnerability': {
    en: 'No vulnerability with id {id} in this workspace. Run: didban vulns list',
    fa: 'آسیب‌پذیری با شناسهٔ {id} در این فضای کاری نیست. اجرا کنید: didban vulns list',
  },
  'table.tags': { en: 'Tags', fa: 'برچسب‌ها' },
  'table.source': { en: 'Source', fa: 'منبع' },
  'templates.none': { en: 'No templates.', fa: 'قالبی نیست.' },
  'templates.count': { en: '{count} template(s).', fa: '{count} قالب.' },
  'cmd.templates.list': {
    en: "List the server's public templates and your own.",
    fa: 'فهرست قالب‌های عمومی سرور و قالب‌های خودتان.',
  },
  'table.kind': { en: 'Kind', fa: 'نوع' },
  'table.role': { en: 'Role', fa: 'نقش' },
  'table.members': { en: 'Members', fa: 'اعضا' },
  'table.severity': { en: 'Severity', fa: 'شدت' },
  'table.template': { en: 'Template', fa: 'قالب' },
  'table.matcher': { en: 'Matcher', fa: 'تطبیق‌دهنده' },
  'table.matched_at': { en: 'Matched at', fa: 'محل تطبیق' },
  'table.extracted': { en: 'Extracted', fa: 'استخراج‌شده' },
  'templates.valid': { en: 'ok {file} ({id})', fa: 'درست {file} ({id})' },
  'cmd.templates.sign': {
    en: 'Sign templates with your key (nuclei digest line), so code templates run where your key is trusted.',
    fa: 'امضای قالب‌ها با کلید خودتان (خط digest نوکلئای) تا قالب‌های code هر جا کلیدتان مورد اعتماد است اجرا شوند.',
  },
  'templates.signed': { en: 'signed {file}', fa: 'امضا شد {file}' },
  'templates.sign_failed': { en: 'not signed {file}: {reason}', fa: 'امضا نشد {file}: {reason}' },
  'templates.summary': {
    en: '{valid} valid, {invalid} invalid of {total} file(s).',
    fa: '{valid} درست، {invalid} نادرست از {total} پرونده.',
  },
  'templates.rejected': { en: 'skipped {file} ({id}): {reason}', fa: 'رد شد {file} ({id}): {reason}' },
  'templates.skipped': { en: 'skipped {id}: {reason}', fa: 'رد شد {id}: {reason}' },
  'templates.failure': {
    en: 'failed {id} on {target}: {message}',
    fa: 'ناموفق {id} روی {target}: {message}',
  },
  'templates.no_findings': { en: 'No findings.', fa: 'یافته‌ای نیست.' },
  'templates.findings': { en: '{count} finding(s).', fa: '{count} یافته.' },
  'templates.unreachable': {
    en: '{count} of {total} target(s) unreachable, first {target}: {reason} (--allow-unreachable to pass anyway).',
    fa: '{count} هدف از {total} در دسترس نیست، نخستین {target}: {reason} (برای پذیرفتن: --allow-unreachable).',
  },
  'templates.interrupted': {
    en: 'Interrupted (Ctrl+C): {count} finding(s) so far, printed above.',
    fa: 'متوقف شد (Ctrl+C): تا این لحظه {count} یافته، در بالا آمده است.',
  },
  'usage.json_and_jsonl': {
    en: 'Use --json (one document at the end) or --jsonl (a line per finding), not both.',
    fa: 'یا --json (یک سند در پایان) یا --jsonl (یک خط برای هر یافته)، نه هر دو.',
  },
  'usage.no_targets': {
    en: 'No target: give --target, --list FILE or - for standard input.',
    fa: 'هدفی داده نشده: --target، --list FILE یا - برای ورودی استاندارد.',
  },
  'usage.bad_signing_key': {
    en: 'Cannot trust {file} as a template-signing key: {reason}',
    fa: 'نمی‌توان {file} را کلید امضای قالب دانست: {reason}',
  },
  'usage.stdin_tty': {
    en: 'Targets from standard input ("-") need a pipe or a file, not the terminal.',
    fa: 'هدف‌ها از ورودی استاندارد («-») باید از لوله یا پرونده بیایند، نه ترمینال.',
  },
  'usage.no_templates_selected': {
    en: 'None of the {count} template(s) matches --id, --tags, --exclude-tags and --severity.',
    fa: 'هیچ‌یک از {count} قالب با --id، --tags، --exclude-tags و --severity جور نیست.',
  },
  'usage.bad_header': {
    en: 'Not a header "{value}": use -H "Name: value".',
    fa: 'سرایند معتبر نیست «{value}»: به شکل -H "Name: value".',
  },

  // Progress following (scans follow, later)
  'progress.elapsed': { en: 'elapsed {elapsed}', fa: 'زمان سپری‌شده {elapsed}' },
  'progress.error': {
    en: 'last check failed: {message} (retrying)',
    fa: 'آخرین بررسی ناموفق بود: {message} (تلاش دوباره)',
  },
  'progress.preparing': { en: 'preparing', fa: 'در حال آماده‌سازی' },
  'progress.waiting': { en: 'waiting for the first answer…', fa: 'در انتظار نخستین پاسخ…' },
  // Asset groups and the inventory (issue 8)
  'cmd.groups': {
    en: 'List, create and re-discover asset groups.',
    fa: 'فهرست، ساخت و کشف دوبارهٔ گروه‌های دارایی.',
  },
  'cmd.groups.list': { en: 'List asset groups.', fa: 'فهرست گروه‌های دارایی.' },
  'cmd.groups.create': {
    en: 'Create an asset group (its discovery starts at once).',
    fa: 'ساخت گروه دارایی (کشف آن بی‌درنگ آغاز می‌شود).',
  },
  'cmd.groups.rediscover': { en: 'Start a new discovery of a group.', fa: 'آغاز کشف دوبارهٔ یک گروه.' },
  'cmd.assets': { en: 'List and export assets.', fa: 'فهرست و خروجی گرفتن از دارایی‌ها.' },
  'cmd.assets.list': { en: "List assets with the panel's filters.", fa: 'فهرست دارایی‌ها با فیلترهای پنل.' },
  'cmd.assets.export': {
    en: 'Export assets to a CSV or JSON file, streamed page by page.',
    fa: 'خروجی دارایی‌ها در فایل CSV یا JSON، صفحه به صفحه.',
  },
  'usage.bad_filter': {
    en: 'Bad --filter "{value}": use key=v1,v2.',
    fa: '--filter نادرست «{value}»: به شکل key=v1,v2 بنویسید.',
  },
  'usage.bad_format': {
    en: 'Unknown format "{value}": use csv or json.',
    fa: 'قالب ناشناخته «{value}»: csv یا json.',
  },
  'usage.one_format': {
    en: 'Choose one output format: --json, --jsonl or --csv.',
    fa: 'یک قالب خروجی انتخاب کنید: --json، --jsonl یا --csv.',
  },
  'usage.page_and_all': { en: 'Use --page or --all, not both.', fa: 'یا --page یا --all، نه هر دو.' },
  'usage.bad_ports': {
    en: 'Bad --ports "{value}": use top-100, top-1000 or a list like 80,443,8080-8090.',
    fa: '--ports نادرست «{value}»: top-100، top-1000 یا فهرستی مانند 80,443,8080-8090.',
  },
  'error.group_invalid': { en: 'Invalid asset group: {details}', fa: 'گروه دارایی نامعتبر: {details}' },
  'error.write_file': { en: 'Cannot write {file}: {reason}', fa: 'نوشتن {file} ممکن نشد: {reason}' },
  'groups.created': {
    en: 'Created asset group {name} ({id}); discovery started.',
    fa: 'گروه دارایی {name} ({id}) ساخته شد؛ کشف آغاز شد.',
  },
  'groups.rediscovery': {
    en: 'Discovery started for group {id} (history {history}).',
    fa: 'کشف گروه {id} آغاز شد (تاریخچهٔ {history}).',
  },
  'list.page': {
    en: 'Page {page} of {pages} ({count} in all).',
    fa: 'صفحهٔ {page} از {pages} ({count} در کل).',
  },
  'assets.more_ips': { en: '+{count} more', fa: '+{count} دیگر' },
  'assets.exported': {
    en: 'Exported {count} assets to {file}.',
    fa: '{count} دارایی در {file} ذخیره شد.',
  },
  'table.host_port': { en: 'Host:port', fa: 'میزبان:درگاه' },
  'table.ips': { en: 'IPs', fa: 'IPها' },
  'table.status': { en: 'Status', fa: 'وضعیت' },
  'table.title': { en: 'Title', fa: 'عنوان' },
  'table.technologies': { en: 'Technologies', fa: 'فناوری‌ها' },
  'table.roots': { en: 'Roots', fa: 'ریشه‌ها' },
  'table.assets': { en: 'Assets', fa: 'دارایی‌ها' },
  // Scans, vulnerabilities and the interactive screen (issue 8)
  'cmd.scans': {
    en: 'List, start, follow and cancel scans.',
    fa: 'فهرست، آغاز، دنبال کردن و لغو اسکن‌ها.',
  },
  'cmd.scans.list': {
    en: 'List scans with their status and open findings.',
    fa: 'فهرست اسکن‌ها با وضعیت و یافته‌های باز.',
  },
  'cmd.scans.start': {
    en: 'Start a bulk scan of asset groups or assets.',
    fa: 'آغاز اسکن گروهی روی گروه‌های دارایی یا دارایی‌ها.',
  },
  'cmd.scans.follow': {
    en: 'Follow a scan run until it ends (every 5 s).',
    fa: 'دنبال کردن اجرای یک اسکن تا پایان (هر ۵ ثانیه).',
  },
  'cmd.scans.cancel': { en: 'Cancel a running scan run.', fa: 'لغو اجرای در جریان یک اسکن.' },
  'cmd.vulns': { en: 'List and triage vulnerabilities.', fa: 'فهرست و رسیدگی به آسیب‌پذیری‌ها.' },
  'cmd.vulns.list': {
    en: 'List vulnerabilities, most severe first; --fail-on gates a pipeline.',
    fa: 'فهرست آسیب‌پذیری‌ها از شدیدترین؛ --fail-on برای شکستن خط لوله.',
  },
  'cmd.vulns.set_status': {
    en: 'Change the status of a vulnerability.',
    fa: 'تغییر وضعیت یک آسیب‌پذیری.',
  },
  'cmd.ui': {
    en: 'Interactive screen: browse groups and assets, scan, follow and export (keyboard only).',
    fa: 'صفحهٔ تعاملی: مرور گروه‌ها و دارایی‌ها، اسکن، پیگیری و خروجی (فقط صفحه‌کلید).',
  },
  'usage.bad_choice': {
    en: 'Unknown value "{value}" for {option}: use {allowed}.',
    fa: 'مقدار ناشناخته «{value}» برای {option}: {allowed}.',
  },
  'usage.ui_needs_size': {
    en: 'didban ui needs a terminal with a size and cursor movement (this one reports no size, or TERM is dumb); set one with `stty cols 120 rows 40`, or use the scans, assets and vulns commands.',
    fa: 'didban ui به ترمینالی با اندازهٔ مشخص و جابه‌جایی مکان‌نما نیاز دارد (این ترمینال اندازه‌ای گزارش نمی‌کند یا TERM برابر dumb است)؛ با `stty cols 120 rows 40` اندازه بدهید یا از فرمان‌های scans، assets و vulns استفاده کنید.',
  },
  'usage.ui_needs_tty': {
    en: 'didban ui needs a terminal (stdin and stdout must be TTYs); in scripts use the scans, assets and vulns commands.',
    fa: 'didban ui به ترمینال نیاز دارد (ورودی و خروجی باید TTY باشند)؛ در اسکریپت‌ها از فرمان‌های scans، assets و vulns استفاده کنید.',
  },
  'error.unknown_scan': {
    en: 'No scan with id {id}. Run: didban scans list',
    fa: 'اسکنی با شناسهٔ {id} وجود ندارد. اجرا کنید: didban scans list',
  },
  'error.scan_never_ran': {
    en: 'Scan {id} has not run yet, so there is nothing to follow.',
    fa: 'اسکن {id} هنوز اجرا نشده است و چیزی برای دنبال کردن نیست.',
  },
  'error.unknown_history': {
    en: 'Scan {scan} has no run {history}. Run: didban scans list',
    fa: 'اسکن {scan} اجرایی با شناسهٔ {history} ندارد. اجرا کنید: didban scans list',
  },
  'scans.started': {
    en: 'Started scan {name}: scan {scan}, run {history}.',
    fa: 'اسکن {name} آغاز شد: اسکن {scan}، اجرای {history}.',
  },
  'scans.follow_hint': {
    en: 'Follow it: didban scans follow {scan} --history {history}',
    fa: 'برای دنبال کردن: didban scans follow {scan} --history {history}',
  },
  // A scan's end ("Scan … finished: …", "Scan … failed: …") is core's notify.scan_finished/failed.
  'scans.cancelled': { en: 'Scan {name} was cancelled.', fa: 'اسکن {name} لغو شد.' },
  'scans.stopped_following': {
    en: 'Stopped following; the scan goes on. Follow again: didban scans follow {scan} --history {history}',
    fa: 'پیگیری متوقف شد؛ اسکن ادامه دارد. دوباره: didban scans follow {scan} --history {history}',
  },
  'scans.cancel_sent': {
    en: 'Cancelled run {history} of scan {name} (now {status}).',
    fa: 'اجرای {history} از اسکن {name} لغو شد (اکنون {status}).',
  },
  'scans.n_assets': { en: '{count} asset(s)', fa: '{count} دارایی' },
  'vulns.none': { en: 'No vulnerabilities.', fa: 'آسیب‌پذیری‌ای نیست.' },
  'vulns.status_set': {
    en: 'Vulnerability {id} ({template}) is now {status}.',
    fa: 'وضعیت آسیب‌پذیری {id} ({template}) اکنون {status} است.',
  },
  'table.target': { en: 'Target', fa: 'هدف' },
  'table.last_run': { en: 'Last run', fa: 'آخرین اجرا' },
  'table.findings': { en: 'Open findings', fa: 'یافته‌های باز' },
  'table.last_seen': { en: 'Last seen', fa: 'آخرین مشاهده' },
  'ui.groups_title': { en: 'Asset groups ({count})', fa: 'گروه‌های دارایی ({count})' },
  'ui.assets_title': {
    en: 'Assets of {name}: {count}, page {page} of {pages}, {selected} selected',
    fa: 'دارایی‌های {name}: {count}، صفحهٔ {page} از {pages}، {selected} انتخاب‌شده',
  },
  'ui.loading': { en: 'Loading…', fa: 'در حال بارگذاری…' },
  'ui.no_groups': {
    en: 'No asset groups yet. Create one: didban groups create',
    fa: 'هنوز گروه دارایی‌ای نیست. بسازید: didban groups create',
  },
  'ui.no_assets': { en: 'No assets in this group yet.', fa: 'این گروه هنوز دارایی‌ای ندارد.' },
  'ui.keys_groups': {
    en: '↑↓ move  Enter assets  s scan group  e export group  ←→ page  q quit',
    fa: '↑↓ حرکت  Enter دارایی‌ها  s اسکن گروه  e خروجی گروه  ←→ صفحه  q خروج',
  },
  'ui.keys_assets': {
    en: '↑↓ move  Space select  a select page  s scan  e export  ←→ page  q/Esc back',
    fa: '↑↓ حرکت  Space انتخاب  a انتخاب صفحه  s اسکن  e خروجی  ←→ صفحه  q/Esc بازگشت',
  },
  'ui.keys_progress': {
    en: 'q/Esc back (the scan goes on)',
    fa: 'q/Esc بازگشت (اسکن ادامه می‌یابد)',
  },
  'ui.keys_progress_done': { en: 'q/Esc back', fa: 'q/Esc بازگشت' },
  'ui.keys_scan_form': { en: 'Enter start the scan  Esc back', fa: 'Enter شروع اسکن  Esc بازگشت' },
  'ui.keys_form': {
    en: 'Enter confirm  Tab csv/json  Esc back',
    fa: 'Enter تأیید  Tab csv/json  Esc بازگشت',
  },
  'ui.scan_title': { en: 'Bulk scan of {target}', fa: 'اسکن گروهی {target}' },
  'ui.scan_name': { en: 'Name: {name}', fa: 'نام: {name}' },
  'ui.scan_tags': { en: 'Template tags (comma-separated): ', fa: 'برچسب‌های قالب (با ویرگول): ' },
  'ui.export_title': { en: 'Export {target}', fa: 'خروجی {target}' },
  'ui.export_format': { en: 'Format: {format}', fa: 'قالب: {format}' },
  'ui.export_file': { en: 'File: ', fa: 'فایل: ' },
  'ui.working': { en: 'Working…', fa: 'در حال انجام…' },
  'ui.target_group': { en: 'group {name}', fa: 'گروه {name}' },
  'ui.target_selection': { en: '{count} selected asset(s)', fa: '{count} داراییِ انتخاب‌شده' },
} as const satisfies Record<string, Record<Lang, string>>;

export type CliMessageKey = keyof typeof CLI_MESSAGES;
