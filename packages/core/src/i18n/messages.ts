import { localDigits } from './format.js';
import type { Lang } from './lang.js';
import { ACCOUNT_SECURITY_MESSAGES } from './messages-account-security.js';
import { ACCOUNT_MESSAGES } from './messages-accounts.js';
import { ALERT_MESSAGES } from './messages-alerts.js';
import { FINDING_MESSAGES } from './messages-findings.js';
import { REPORT_MESSAGES } from './messages-reports.js';

/**
 * Every message the server or a client may show for an error or a validation rule, in both
 * languages. Keys are stable identifiers; zod schemas carry keys as their messages and
 * `translate` turns them into text, so one rule yields the same words everywhere.
 */
export const MESSAGES = {
  // Generic validation (zod issue codes)
  'validation.required': { en: 'This field is required.', fa: 'این فیلد الزامی است.' },
  'validation.invalid_type': { en: 'Expected {expected}.', fa: 'مقدار باید از نوع {expected} باشد.' },
  'validation.too_small_string': {
    en: 'Must be at least {minimum} characters.',
    fa: 'باید دست‌کم {minimum} نویسه باشد.',
  },
  'validation.too_big_string': {
    en: 'Must be at most {maximum} characters.',
    fa: 'نباید بیش از {maximum} نویسه باشد.',
  },
  'validation.too_small': { en: 'Must be at least {minimum}.', fa: 'باید دست‌کم {minimum} باشد.' },
  'validation.too_big': { en: 'Must be at most {maximum}.', fa: 'نباید بیش از {maximum} باشد.' },
  'validation.invalid_format': { en: 'Invalid format.', fa: 'قالب نامعتبر است.' },
  'validation.invalid_value': { en: 'Invalid value.', fa: 'مقدار نامعتبر است.' },
  'validation.unrecognized_keys': { en: 'Unknown field.', fa: 'فیلد ناشناخته است.' },
  'validation.invalid': { en: 'Invalid input.', fa: 'ورودی نامعتبر است.' },

  // Sign-in and sign-up (spec §5)
  'auth.username_required': { en: 'Username is required', fa: 'نام کاربری الزامی است' },
  'auth.username_min': {
    en: 'Username must be at least 3 characters',
    fa: 'نام کاربری باید دست‌کم ۳ نویسه باشد',
  },
  'auth.username_max': {
    en: 'Username must be at most 150 characters',
    fa: 'نام کاربری نباید بیش از ۱۵۰ نویسه باشد',
  },
  'auth.username_chars': {
    en: 'Username may contain only letters, digits and . _ -',
    fa: 'نام کاربری فقط می‌تواند حرف، رقم و . _ - داشته باشد',
  },
  'auth.email_required': { en: 'Email is required', fa: 'ایمیل الزامی است' },
  'auth.email_invalid': { en: 'Enter a valid email address', fa: 'یک نشانی ایمیل معتبر وارد کنید' },
  'auth.password_required': { en: 'Password is required', fa: 'گذرواژه الزامی است' },
  'auth.password_min': {
    en: 'Password must be at least 6 characters',
    fa: 'گذرواژه باید دست‌کم ۶ نویسه باشد',
  },
  'auth.password_max': {
    en: 'Password must be at most 128 characters',
    fa: 'گذرواژه نباید بیش از ۱۲۸ نویسه باشد',
  },
  'auth.confirm_required': { en: 'Confirm password is required', fa: 'تکرار گذرواژه الزامی است' },
  'auth.confirm_mismatch': { en: 'Passwords do not match', fa: 'گذرواژه و تکرار آن یکسان نیستند' },

  // Feedback (spec §5)
  'feedback.title_required': { en: 'subject required', fa: 'موضوع الزامی است' },
  'feedback.description_required': { en: 'details required', fa: 'جزئیات الزامی است' },
  'feedback.title_max': {
    en: 'The subject is too long (200 characters at most).',
    fa: 'موضوع بیش از حد طولانی است (حداکثر ۲۰۰ نویسه).',
  },
  'feedback.description_max': {
    en: 'The details are too long (5000 characters at most).',
    fa: 'جزئیات بیش از حد طولانی است (حداکثر ۵۰۰۰ نویسه).',
  },

  // Errors the server answers with (spec §8 where it names them)
  'errors.invalid_credentials': {
    en: 'Invalid credentials. Please try again.',
    fa: 'اطلاعات ورود نادرست است. دوباره تلاش کنید.',
  },
  'errors.email_taken': {
    en: 'An account with this email already exists',
    fa: 'حسابی با این ایمیل از قبل وجود دارد',
  },
  'errors.username_taken': {
    en: 'An account with this username already exists',
    fa: 'حسابی با این نام کاربری از قبل وجود دارد',
  },
  'errors.registration_failed': {
    en: 'Registration failed. Please try again.',
    fa: 'ثبت‌نام انجام نشد. دوباره تلاش کنید.',
  },
  'errors.validation': { en: 'Some fields are not valid.', fa: 'برخی فیلدها معتبر نیستند.' },
  'errors.malformed_json': {
    en: 'The request body is not valid JSON.',
    fa: 'بدنهٔ درخواست JSON معتبری نیست.',
  },
  'errors.unsupported_media_type': {
    en: 'Unsupported content type.',
    fa: 'نوع محتوای درخواست پشتیبانی نمی‌شود.',
  },
  'errors.body_too_large': {
    en: 'The request body is too large.',
    fa: 'بدنهٔ درخواست بیش از حد بزرگ است.',
  },
  'errors.unauthenticated': {
    en: 'Authentication credentials were not provided.',
    fa: 'اطلاعات احراز هویت ارسال نشده است.',
  },
  'errors.token_invalid': {
    en: 'Your session is invalid or has expired. Please sign in again.',
    fa: 'نشست شما نامعتبر است یا منقضی شده است. دوباره وارد شوید.',
  },
  'errors.workspace_forbidden': {
    en: 'You are not a member of this workspace.',
    fa: 'شما عضو این فضای کاری نیستید.',
  },
  'errors.workspace_invalid': {
    en: 'The X-Workspace-ID header is not a valid workspace id.',
    fa: 'سرآیند X-Workspace-ID شناسهٔ معتبری برای فضای کاری نیست.',
  },
  'errors.forbidden': {
    en: 'You do not have permission to do this.',
    fa: 'شما اجازهٔ انجام این کار را ندارید.',
  },
  'errors.not_found': { en: 'Not found.', fa: 'پیدا نشد.' },
  'errors.route_not_found': {
    en: 'No such endpoint: {method} {url}',
    fa: 'چنین مسیری وجود ندارد: {method} {url}',
  },
  'errors.rate_limited': {
    en: 'Too many attempts. Try again in {seconds} seconds.',
    fa: 'تلاش‌ها بیش از حد مجاز است. {seconds} ثانیه دیگر دوباره تلاش کنید.',
  },
  'errors.internal': {
    en: 'Something went wrong on our side. Please try again.',
    fa: 'خطایی در سرور رخ داد. دوباره تلاش کنید.',
  },
  'errors.github_not_configured': {
    en: 'GitHub sign-in is not configured on this server.',
    fa: 'ورود با گیت‌هاب روی این سرور پیکربندی نشده است.',
  },
  'errors.github_failed': {
    en: 'GitHub login failed. Please try again.',
    fa: 'ورود با گیت‌هاب انجام نشد. دوباره تلاش کنید.',
  },
  'errors.github_state': {
    en: 'The GitHub sign-in link has expired or was tampered with. Please start again.',
    fa: 'پیوند ورود با گیت‌هاب منقضی یا دست‌کاری شده است. دوباره شروع کنید.',
  },
  'errors.github_no_email': {
    en: 'Your GitHub account has no verified email address.',
    fa: 'حساب گیت‌هاب شما هیچ ایمیل تأییدشده‌ای ندارد.',
  },
  'errors.redirect_not_allowed': {
    en: 'Only loopback redirect addresses (http://127.0.0.1:PORT/...) are allowed.',
    fa: 'فقط نشانی‌های بازگشت محلی (http://127.0.0.1:PORT/...) مجاز است.',
  },
  'errors.unknown': { en: 'An unknown error occurred', fa: 'خطای ناشناخته‌ای رخ داد' },
  'errors.network': {
    en: 'Network error: the server could not be reached.',
    fa: 'خطای شبکه: دسترسی به سرور ممکن نشد.',
  },
  // Workers, task queue and discovery (issue 4)
  'errors.worker_key_invalid': {
    en: 'The worker API key is missing, invalid or revoked.',
    fa: 'کلید API کارگزار وارد نشده، نامعتبر است یا باطل شده است.',
  },
  'errors.lease_lost': {
    en: 'This task is no longer leased to this worker.',
    fa: 'این وظیفه دیگر در اختیار این کارگزار نیست.',
  },
  'errors.task_cancelled': { en: 'The task was cancelled.', fa: 'این وظیفه لغو شده است.' },
  'errors.result_invalid': {
    en: 'A result in this batch is not valid.',
    fa: 'یکی از نتایج این دسته معتبر نیست.',
  },
  'errors.photo_missing': { en: 'Choose a photo to upload.', fa: 'یک عکس برای بارگذاری انتخاب کنید.' },
  'errors.photo_type': {
    en: 'The photo must be a PNG or JPG image.',
    fa: 'عکس باید یک تصویر PNG یا JPG باشد.',
  },
  'errors.photo_too_large': {
    en: 'The photo must be at most 2 MB.',
    fa: 'حجم عکس باید حداکثر ۲ مگابایت باشد.',
  },
  'workers.group_unknown': {
    en: 'This worker group does not exist.',
    fa: 'این گروه کارگزار وجود ندارد.',
  },
  'notify.discovery_finished': {
    en: 'Discovery of {name} finished: {count} new asset(s).',
    fa: 'کشف دارایی‌های {name} تمام شد: {count} دارایی جدید.',
  },
  'notify.discovery_over_limit': {
    en: 'Discovery of {name}: {over} new host(s) were not stored because your plan allows at most {limit} assets. Upgrade your plan at /settings/billing.',
    fa: 'کشف دارایی‌های {name}: {over} میزبان جدید ذخیره نشد، چون طرح شما حداکثر {limit} دارایی را مجاز می‌داند. طرح خود را در /settings/billing ارتقا دهید.',
  },
  'notify.discovery_failed': {
    en: 'Discovery of {name} failed.',
    fa: 'کشف دارایی‌های {name} ناموفق بود.',
  },
  // Teams and workspaces (issue 9; spec §5 names the first three)
  'teams.name_required': { en: 'Team name is required', fa: 'نام تیم الزامی است' },
  'teams.name_min': {
    en: 'Team name must be at least 2 characters',
    fa: 'نام تیم باید دست‌کم ۲ نویسه باشد',
  },
  'teams.name_max': {
    en: 'Team name must be at most 100 characters',
    fa: 'نام تیم نباید بیش از ۱۰۰ نویسه باشد',
  },
  'teams.invitee_required': { en: 'Email or username is required', fa: 'ایمیل یا نام کاربری الزامی است' },
  'teams.invitee_max': {
    en: 'Email or username must be at most 254 characters',
    fa: 'ایمیل یا نام کاربری نباید بیش از ۲۵۴ نویسه باشد',
  },
  'teams.role_invalid': {
    en: 'The role must be one of owner, admin or user.',
    fa: 'نقش باید یکی از مالک، مدیر یا کاربر باشد.',
  },
  'teams.user_id_invalid': { en: 'Choose a member of the team.', fa: 'یکی از اعضای تیم را انتخاب کنید.' },
  'teams.role_owner': { en: 'owner', fa: 'مالک' },
  'teams.role_admin': { en: 'admin', fa: 'مدیر' },
  'teams.role_user': { en: 'user', fa: 'کاربر' },
  'teams.former_member': { en: 'a former member', fa: 'یک عضو پیشین' },
  'errors.invitee_not_found': {
    en: 'No user has this email or username.',
    fa: 'کاربری با این ایمیل یا نام کاربری وجود ندارد.',
  },
  'errors.invite_self': { en: 'You cannot invite yourself.', fa: 'نمی‌توانید خودتان را دعوت کنید.' },
  'errors.invite_member': {
    en: 'This user is already a member of the team.',
    fa: 'این کاربر از قبل عضو تیم است.',
  },
  'errors.invite_duplicate': {
    en: 'This user already has a pending invitation to this team.',
    fa: 'این کاربر از قبل یک دعوت‌نامهٔ بی‌پاسخ به این تیم دارد.',
  },
  'errors.invitation_answered': {
    en: 'This invitation has already been answered.',
    fa: 'به این دعوت‌نامه پیش‌تر پاسخ داده شده است.',
  },
  'errors.request_answered': {
    en: 'This request has already been answered.',
    fa: 'به این درخواست پیش‌تر پاسخ داده شده است.',
  },
  'errors.request_member': {
    en: 'You are already a member of this team.',
    fa: 'شما از قبل عضو این تیم هستید.',
  },
  'errors.request_duplicate': {
    en: 'You already have a pending request to join this team.',
    fa: 'شما از قبل یک درخواست عضویت بی‌پاسخ برای این تیم دارید.',
  },
  'errors.owner_cannot_leave': {
    en: 'The owner cannot leave the team. Hand over ownership to another member first.',
    fa: 'مالک نمی‌تواند تیم را ترک کند. ابتدا مالکیت را به عضو دیگری واگذار کنید.',
  },
  'errors.owner_cannot_be_removed': {
    en: 'The team owner cannot be removed.',
    fa: 'مالک تیم را نمی‌توان از تیم حذف کرد.',
  },
  'errors.owner_role_fixed': {
    en: "The owner's role changes only when ownership is handed over.",
    fa: 'نقش مالک فقط با واگذاری مالکیت تغییر می‌کند.',
  },
  'errors.owner_by_transfer': {
    en: 'To make a member the owner, hand over ownership.',
    fa: 'برای مالک کردن یک عضو، مالکیت تیم را به او واگذار کنید.',
  },
  'errors.own_role': { en: 'You cannot change your own role.', fa: 'نمی‌توانید نقش خودتان را تغییر دهید.' },
  'errors.remove_self': {
    en: 'You cannot remove yourself; leave the team instead.',
    fa: 'نمی‌توانید خودتان را حذف کنید؛ به جای آن تیم را ترک کنید.',
  },
  'errors.transfer_self': { en: 'You already own this team.', fa: 'شما هم‌اکنون مالک این تیم هستید.' },
  'errors.transfer_not_member': {
    en: 'Ownership can be handed over only to a member of the team.',
    fa: 'مالکیت را فقط می‌توان به یکی از اعضای تیم واگذار کرد.',
  },
  'teams.invite_role_invalid': {
    en: 'Invite as admin or user; ownership is handed over separately.',
    fa: 'با نقش مدیر یا کاربر دعوت کنید؛ مالکیت جداگانه واگذار می‌شود.',
  },
  'notify.team_invitation': {
    en: '{inviter} invited you to join the team {team}.',
    fa: '{inviter} شما را به پیوستن به تیم {team} دعوت کرد.',
  },
  'notify.invitation_accepted': {
    en: '{username} accepted your invitation to {team}.',
    fa: '{username} دعوت شما به تیم {team} را پذیرفت.',
  },
  'notify.invitation_declined': {
    en: '{username} declined your invitation to {team}.',
    fa: '{username} دعوت شما به تیم {team} را نپذیرفت.',
  },
  'notify.membership_request': {
    en: '{username} asked to join the team {team}.',
    fa: '{username} درخواست عضویت در تیم {team} را داده است.',
  },
  'notify.request_accepted': {
    en: 'Your request to join {team} was accepted.',
    fa: 'درخواست عضویت شما در تیم {team} پذیرفته شد.',
  },
  'notify.request_declined': {
    en: 'Your request to join {team} was declined.',
    fa: 'درخواست عضویت شما در تیم {team} پذیرفته نشد.',
  },
  'notify.removed_from_team': {
    en: 'You were removed from the team {team}.',
    fa: 'شما از تیم {team} کنار گذاشته شدید.',
  },
  'notify.ownership_received': {
    en: '{username} handed over ownership of {team} to you.',
    fa: '{username} مالکیت تیم {team} را به شما واگذار کرد.',
  },
  'notify.team_deleted': {
    en: '{username} deleted the team {team}.',
    fa: '{username} تیم {team} را حذف کرد.',
  },
  'activity.team.created': { en: '{actor} created the team.', fa: '{actor} تیم را ساخت.' },
  'activity.team.renamed': {
    en: '{actor} renamed the team from {from} to {to}.',
    fa: '{actor} نام تیم را از {from} به {to} تغییر داد.',
  },
  'activity.member.role_changed': {
    en: '{actor} changed the role of {target} from {from} to {to}.',
    fa: '{actor} نقش {target} را از {from} به {to} تغییر داد.',
  },
  'activity.member.removed': {
    en: '{actor} removed {target} from the team.',
    fa: '{actor}، {target} را از تیم کنار گذاشت.',
  },
  'activity.member.left': { en: '{actor} left the team.', fa: '{actor} تیم را ترک کرد.' },
  'activity.ownership.transferred': {
    en: '{actor} handed over ownership to {target}.',
    fa: '{actor} مالکیت تیم را به {target} واگذار کرد.',
  },
  'activity.invitation.sent': {
    en: '{actor} invited {target} as {role}.',
    fa: '{actor}، {target} را با نقش {role} دعوت کرد.',
  },
  'activity.invitation.cancelled': {
    en: '{actor} cancelled the invitation of {target}.',
    fa: '{actor} دعوت‌نامهٔ {target} را لغو کرد.',
  },
  'activity.invitation.accepted': {
    en: '{actor} accepted the invitation and joined the team.',
    fa: '{actor} دعوت را پذیرفت و به تیم پیوست.',
  },
  'activity.invitation.declined': { en: '{actor} declined the invitation.', fa: '{actor} دعوت را نپذیرفت.' },
  'activity.request.created': {
    en: '{actor} asked to join the team.',
    fa: '{actor} درخواست عضویت در تیم را داد.',
  },
  'activity.request.accepted': {
    en: '{actor} accepted the request of {target} to join.',
    fa: '{actor} درخواست عضویت {target} را پذیرفت.',
  },
  'activity.request.declined': {
    en: '{actor} declined the request of {target} to join.',
    fa: '{actor} درخواست عضویت {target} را نپذیرفت.',
  },
  // Licences, payments, plan limits and support tickets (issue 10)
  'billing.license_required': { en: 'Choose a licence.', fa: 'یک لایسنس انتخاب کنید.' },
  'billing.license_not_found': {
    en: 'This licence does not exist or is no longer for sale.',
    fa: 'این لایسنس وجود ندارد یا دیگر برای فروش نیست.',
  },
  'billing.provider_not_configured': {
    en: 'This payment method is not available on this server.',
    fa: 'این روش پرداخت روی این سرور فعال نیست.',
  },
  'billing.payment_request_failed': {
    en: 'Failed to create payment request',
    fa: 'ایجاد درخواست پرداخت ناموفق بود',
  },
  'billing.payment_unreachable': {
    en: 'The payment gateway could not be reached. Your order is still pending; please try again in a moment.',
    fa: 'دسترسی به درگاه پرداخت ممکن نشد. سفارش شما هنوز در انتظار است؛ چند لحظه دیگر دوباره تلاش کنید.',
  },
  'billing.payment_cancelled': {
    en: 'The payment was cancelled or did not go through. The order is marked as failed.',
    fa: 'پرداخت لغو شد یا انجام نشد. سفارش ناموفق ثبت شد.',
  },
  'billing.payment_rejected': {
    en: 'The payment gateway did not confirm this payment. The order is marked as failed; if you were charged, contact support.',
    fa: 'درگاه پرداخت این پرداخت را تأیید نکرد. سفارش ناموفق ثبت شد؛ اگر مبلغی از حساب شما کم شده است با پشتیبانی تماس بگیرید.',
  },
  'billing.payment_mismatch': {
    en: 'The payment does not match this order (amount or payment reference). The order is marked as failed; if you were charged, contact support.',
    fa: 'این پرداخت با سفارش همخوانی ندارد (مبلغ یا شناسهٔ پرداخت). سفارش ناموفق ثبت شد؛ اگر مبلغی از حساب شما کم شده است با پشتیبانی تماس بگیرید.',
  },
  'billing.payment_expired': {
    en: 'The payment expired before it was completed. The order is marked as failed.',
    fa: 'مهلت پرداخت پیش از تکمیل آن به پایان رسید. سفارش ناموفق ثبت شد.',
  },
  'limits.assets': {
    en: 'Your plan allows at most {limit} assets ({used} in use). Upgrade your plan at /settings/billing.',
    fa: 'طرح شما حداکثر {limit} دارایی را مجاز می‌داند ({used} دارایی در حال استفاده). طرح خود را در /settings/billing ارتقا دهید.',
  },
  'limits.scans': {
    en: 'Your plan allows at most {limit} scans a month ({used} used this month). Upgrade your plan at /settings/billing.',
    fa: 'طرح شما حداکثر {limit} اسکن در ماه را مجاز می‌داند ({used} اسکن در این ماه). طرح خود را در /settings/billing ارتقا دهید.',
  },
  'limits.teams': {
    en: 'Your plan allows at most {limit} team(s) ({used} owned). Upgrade your plan at /settings/billing.',
    fa: 'طرح شما حداکثر {limit} تیم را مجاز می‌داند ({used} تیم دارید). طرح خود را در /settings/billing ارتقا دهید.',
  },
  'limits.team_members': {
    en: "The team owner's plan allows at most {limit} members per team ({used} in this team). Upgrade the plan at /settings/billing.",
    fa: 'طرح مالک تیم حداکثر {limit} عضو در هر تیم را مجاز می‌داند ({used} عضو در این تیم). طرح را در /settings/billing ارتقا دهید.',
  },
  'plans.free': { en: 'Free', fa: 'رایگان' },
  'support.title_required': { en: 'Subject is required', fa: 'موضوع تیکت الزامی است' },
  'support.title_max': {
    en: 'The subject is too long (200 characters at most).',
    fa: 'موضوع بیش از حد طولانی است (حداکثر ۲۰۰ نویسه).',
  },
  'support.type_required': { en: 'Choose a ticket type.', fa: 'نوع تیکت را انتخاب کنید.' },
  'support.type_unknown': { en: 'This ticket type does not exist.', fa: 'این نوع تیکت وجود ندارد.' },
  'support.type_name_required': {
    en: 'The type needs a name in English and in Persian.',
    fa: 'نوع تیکت باید نامی به انگلیسی و به فارسی داشته باشد.',
  },
  'support.message_empty': {
    en: 'Write a message or attach a file.',
    fa: 'پیامی بنویسید یا فایلی پیوست کنید.',
  },
  'support.message_max': {
    en: 'The message is too long (5000 characters at most).',
    fa: 'پیام بیش از حد طولانی است (حداکثر ۵۰۰۰ نویسه).',
  },
  'support.message_both': {
    en: 'Send either text or one file in a message, not both.',
    fa: 'در هر پیام یا متن بفرستید یا یک فایل، نه هر دو.',
  },
  'support.attachment_one': {
    en: 'Attach one file per message.',
    fa: 'در هر پیام فقط یک فایل پیوست کنید.',
  },
  'support.attachment_too_large': {
    en: 'The attachment must be at most 10 MB.',
    fa: 'حجم پیوست باید حداکثر ۱۰ مگابایت باشد.',
  },
  'support.attachment_disguised': {
    en: 'The content of "{name}" does not match its name or declared type, so it was not sent. Send the file under its real name.',
    fa: 'محتوای «{name}» با نام یا نوع اعلام‌شدهٔ آن همخوانی ندارد و ارسال نشد. فایل را با نام واقعی‌اش بفرستید.',
  },
  'support.ticket_closed': {
    en: 'This ticket is closed and accepts no more messages.',
    fa: 'این تیکت بسته شده است و پیام جدیدی نمی‌پذیرد.',
  },
  'support.status_staff_only': {
    en: 'Only support staff can set this status; you can close your ticket.',
    fa: 'فقط کارکنان پشتیبانی می‌توانند این وضعیت را تعیین کنند؛ شما می‌توانید تیکت خود را ببندید.',
  },
  'support.ticket_already_closed': {
    en: 'This ticket is closed; it cannot be reopened.',
    fa: 'این تیکت بسته شده است و دوباره باز نمی‌شود.',
  },
  'notify.ticket_reply': {
    en: 'Support replied to your ticket "{title}".',
    fa: 'پشتیبانی به تیکت «{title}» شما پاسخ داد.',
  },
  'notify.ticket_opened': {
    en: 'New support ticket from {username}: "{title}".',
    fa: 'تیکت پشتیبانی جدید از {username}: «{title}».',
  },
  // end licences, payments, limits and support

  // Templates (spec §2 /templates): editor saves, uploads, the public library
  'templates.invalid': {
    en: 'The template has errors; fix them and save again.',
    fa: 'قالب خطا دارد؛ آن‌ها را برطرف کنید و دوباره ذخیره کنید.',
  },
  'templates.issue_at': {
    en: 'Line {line}, column {column}: {message}',
    fa: 'خط {line}، ستون {column}: {message}',
  },
  'templates.too_large': {
    en: 'A template may be at most 256 KB.',
    fa: 'حجم قالب نباید بیش از ۲۵۶ کیلوبایت باشد.',
  },
  'templates.exists': {
    en: 'This workspace already has a template with the id "{template_id}".',
    fa: 'این فضای کاری از قبل قالبی با شناسهٔ «{template_id}» دارد.',
  },
  'templates.public_read_only': {
    en: 'Public templates are read-only; save a copy as your own template to change it.',
    fa: 'قالب‌های عمومی فقط‌خواندنی هستند؛ برای تغییر، یک نسخه از آن را به‌عنوان قالب خودتان ذخیره کنید.',
  },
  'templates.upload_empty': {
    en: 'Choose at least one YAML file to upload.',
    fa: 'دست‌کم یک پروندهٔ YAML برای بارگذاری انتخاب کنید.',
  },
  'templates.upload_too_many': {
    en: 'Upload at most {max} files at once.',
    fa: 'در هر بار حداکثر {max} پرونده بارگذاری کنید.',
  },
  'templates.upload_not_yaml': {
    en: 'Only .yaml and .yml files are accepted.',
    fa: 'فقط پرونده‌های ‎.yaml و ‎.yml پذیرفته می‌شوند.',
  },
  'templates.upload_not_text': {
    en: 'The file is not UTF-8 text.',
    fa: 'پرونده متن UTF-8 نیست.',
  },
  'templates.duplicate_in_upload': {
    en: 'Another file in this upload has the same template id "{template_id}".',
    fa: 'پروندهٔ دیگری در همین بارگذاری همان شناسهٔ قالب «{template_id}» را دارد.',
  },
  // end templates

  // Template runs (spec §2 /templates: scan now)
  'templates.run_no_targets': {
    en: 'Enter at least one target: a URL or host[:port].',
    fa: 'دست‌کم یک هدف وارد کنید: یک نشانی URL یا host[:port].',
  },
  'templates.run_bad_targets': {
    en: 'These are not URLs or host[:port]: {targets}',
    fa: 'این‌ها نشانی URL یا host[:port] نیستند: {targets}',
  },
  'templates.run_too_many_targets': {
    en: 'Scan at most 100 targets at once.',
    fa: 'در هر بار حداکثر ۱۰۰ هدف را اسکن کنید.',
  },
  'templates.run_no_templates': {
    en: 'Choose at least one template or write one in the editor.',
    fa: 'دست‌کم یک قالب انتخاب کنید یا در ویرایشگر قالبی بنویسید.',
  },
  'templates.run_unknown_template': {
    en: 'Template not found: {id}',
    fa: 'قالب پیدا نشد: {id}',
  },
  'templates.run_not_runnable': {
    en: 'The engine cannot run "{id}": {reason}',
    fa: 'موتور نمی‌تواند «{id}» را اجرا کند: {reason}',
  },
  'templates.run_finished': {
    en: 'This run has already ended.',
    fa: 'این اجرا پیش‌تر به پایان رسیده است.',
  },
  // end template runs

  // Assets: groups, inventory filters, enumerations and schedules (issue 5)
  'assets.unknown_filter': {
    en: 'Unknown filter: {keys}. Allowed filters: {allowed}.',
    fa: 'فیلتر ناشناخته: {keys}. فیلترهای مجاز: {allowed}.',
  },
  'assets.date_invalid': { en: 'Date input not valid.', fa: 'تاریخ واردشده معتبر نیست.' },
  'assets.fieldname_invalid': {
    en: 'Filter options are not available for "{field}". Choose one of: {allowed}.',
    fa: 'برای «{field}» گزینهٔ فیلتری وجود ندارد. یکی از این‌ها را انتخاب کنید: {allowed}.',
  },
  'assets.discovery_running': {
    en: 'A discovery of this asset group is already running.',
    fa: 'کشف دارایی‌های این گروه هم‌اکنون در حال اجراست.',
  },
  'assets.compare_other_group': {
    en: 'Only two scan histories of the same asset group can be compared.',
    fa: 'فقط دو سابقهٔ اسکن از یک گروه دارایی را می‌توان با هم مقایسه کرد.',
  },
  'assets.history_not_running': {
    en: 'This discovery is not running, so there is nothing to cancel.',
    fa: 'این کشف در حال اجرا نیست و چیزی برای لغو وجود ندارد.',
  },
  'assets.schedule_weekdays_required': {
    en: 'Choose at least one weekday for a custom schedule.',
    fa: 'برای زمان‌بندی سفارشی دست‌کم یک روز هفته را انتخاب کنید.',
  },
  'assets.schedule_start_required': {
    en: 'A start time is required for a repeating schedule.',
    fa: 'برای زمان‌بندی تکرارشونده زمان شروع لازم است.',
  },
  'assets.schedule_exists': {
    en: 'This asset group already has an enumeration schedule; edit it instead.',
    fa: 'این گروه دارایی از قبل زمان‌بندی کشف دارد؛ همان را ویرایش کنید.',
  },
  'assets.worker_group_unknown': {
    en: 'This worker group does not exist in the current workspace.',
    fa: 'این گروه کارگزار در فضای کاری کنونی وجود ندارد.',
  },
  'notify.rediscovery_finished': {
    en: 'Discovery of {name} finished: {new} new, {changed} changed and {gone} gone asset(s).',
    fa: 'کشف دارایی‌های {name} تمام شد: {new} دارایی جدید، {changed} تغییرکرده و {gone} ناپدیدشده.',
  },
  // end assets

  // Scans and vulnerabilities (issue 7)
  'scans.name_required': { en: 'Scan name is required.', fa: 'نام اسکن الزامی است.' },
  'scans.group_required': { en: 'Select an asset group.', fa: 'یک گروه دارایی انتخاب کنید.' },
  'scans.templates_required': {
    en: 'Choose at least one template or tag.',
    fa: 'دست‌کم یک قالب یا برچسب انتخاب کنید.',
  },
  'scans.targets_required': {
    en: 'Choose asset groups or assets to scan, not both and not neither.',
    fa: 'گروه‌های دارایی یا دارایی‌هایی برای اسکن انتخاب کنید؛ نه هر دو و نه هیچ‌کدام.',
  },
  'scans.group_unknown': {
    en: 'This asset group does not exist in the current workspace.',
    fa: 'این گروه دارایی در فضای کاری کنونی وجود ندارد.',
  },
  'scans.asset_unknown': {
    en: 'Some of these assets do not exist in the current workspace.',
    fa: 'برخی از این دارایی‌ها در فضای کاری کنونی وجود ندارند.',
  },
  'scans.template_unknown': { en: 'Template not found: {id}', fa: 'قالب پیدا نشد: {id}' },
  'scans.tag_unknown': {
    en: 'No runnable template has the tag "{tag}".',
    fa: 'هیچ قالب قابل اجرایی برچسب «{tag}» را ندارد.',
  },
  'scans.no_targets': {
    en: 'There is nothing to scan: the selected assets have no hosts yet. Run a discovery first.',
    fa: 'چیزی برای اسکن وجود ندارد: دارایی‌های انتخاب‌شده هنوز میزبانی ندارند. ابتدا کشف دارایی را اجرا کنید.',
  },
  'scans.only_wildcards': {
    en: 'There is nothing to scan: the selected assets are wildcard DNS records (*.example.com). A wildcard answers for every name under it, so it is not one host to scan; scan the hosts discovered under it instead.',
    fa: 'چیزی برای اسکن وجود ندارد: دارایی‌های انتخاب‌شده رکوردهای DNS عام (\u2068*.example.com\u2069) هستند. رکورد عام برای هر نامی زیر خود پاسخ می‌دهد، پس یک میزبان مشخص برای اسکن نیست؛ به‌جای آن میزبان‌های کشف‌شده زیر آن را اسکن کنید.',
  },
  'scans.not_running': {
    en: 'This scan is not running, so there is nothing to cancel.',
    fa: 'این اسکن در حال اجرا نیست و چیزی برای لغو وجود ندارد.',
  },
  'scans.already_running': {
    en: 'This scan is already running.',
    fa: 'این اسکن هم‌اکنون در حال اجراست.',
  },
  'scans.schedule_exists': {
    en: 'This scan already has a schedule; edit it instead.',
    fa: 'این اسکن از قبل زمان‌بندی دارد؛ همان را ویرایش کنید.',
  },
  'scans.schedule_weekdays_required': {
    en: 'Choose at least one weekday for a custom schedule.',
    fa: 'برای زمان‌بندی سفارشی دست‌کم یک روز هفته را انتخاب کنید.',
  },
  'scans.filter_field_invalid': {
    en: 'Filter values are not available for "{field}". Choose one of: {allowed}.',
    fa: 'برای «{field}» مقدار فیلتری وجود ندارد. یکی از این‌ها را انتخاب کنید: {allowed}.',
  },
  'scans.no_scan_id': {
    en: 'No scan ID returned from bulk scan creation',
    fa: 'شناسهٔ اسکن از ایجاد اسکن گروهی بازگردانده نشد',
  },
  'scans.no_history_id': {
    en: 'Could not retrieve scan history ID',
    fa: 'شناسهٔ سابقهٔ اسکن دریافت نشد',
  },
  'scans.bulk_failed': { en: 'Failed to create bulk scan', fa: 'ایجاد اسکن گروهی ناموفق بود' },
  'scans.bulk_name_required': { en: 'Name is required', fa: 'نام الزامی است' },
  'notify.scan_finished': {
    en: 'Scan {name} finished: {critical} critical, {high} high, {medium} medium, {low} low and {info} info finding(s).',
    fa: 'اسکن {name} تمام شد: {critical} بحرانی، {high} بالا، {medium} متوسط، {low} پایین و {info} اطلاعاتی.',
  },
  'notify.scan_failed': {
    en: 'Scan {name} failed: {error}',
    fa: 'اسکن {name} ناموفق بود: {error}',
  },
  // end scans
  ...ACCOUNT_MESSAGES,
  ...ACCOUNT_SECURITY_MESSAGES,
  ...ALERT_MESSAGES,
  ...REPORT_MESSAGES,
  ...FINDING_MESSAGES,
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

/**
 * Text of a message in a language, with `{name}` placeholders filled. A number given as a number
 * reads in the sentence's digits ("۵۰ ثانیه", not "50 ثانیه"); a number inside a text (a host, a
 * port in "host:8080") is kept as written.
 * @example translate('auth.password_min', 'en') // 'Password must be at least 6 characters'
 */
export function translate(key: MessageKey, lang: Lang, params: Record<string, unknown> = {}): string {
  const template: string = MESSAGES[key][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === 'number' ? localDigits(String(value), lang) : String(value);
  });
}
