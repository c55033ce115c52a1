import type { Lang } from './browser';

/**
 * What a user reads on /workers and /workers/{id}, in both languages (written out, like
 * texts.ts, so a changed wording is a deliberate test change). Photo messages come from core's
 * `translate`, the same words the server uses.
 */
export const WORKERS_TEXT = {
  fa: {
    title: 'کارگزارها',
    readOnly:
      'شما می‌توانید کارگزارها را ببینید؛ فقط مالک و مدیران این فضای کاری می‌توانند آن‌ها را تغییر دهند.',
    rename: 'تغییر نام',
    groupsTitle: 'گروه‌های کارگزار',
    groupsEmpty:
      'هنوز هیچ گروه کارگزاری وجود ندارد. یک گروه بسازید تا کارها را به مجموعه‌ای از کارگزارها بسپارید.',
    workersEmpty:
      'هنوز هیچ کارگزاری ندارید. تا وقتی یکی اضافه کنید، کارگزار داخلی کارهای شما را انجام می‌دهد.',
    newGroup: 'گروه جدید',
    groupName: 'نام',
    groupCreated: 'گروه کارگزار ساخته شد.',
    groupSaved: 'گروه کارگزار ذخیره شد.',
    editGroup: (name: string) => `ویرایش ${name}`,
    save: 'ذخیره',
    oneWorker: '۱ کارگزار',
    newWorker: 'کارگزار جدید',
    workerName: 'نام',
    group: 'گروه',
    workerCreated: 'کارگزار ساخته شد.',
    keyTitle: 'کلید API را ذخیره کنید',
    keyWarning: 'این کلید فقط همین یک بار نمایش داده می‌شود.',
    keyDone: 'کلید را ذخیره کردم',
    online: 'آنلاین',
    offline: 'آفلاین',
    revoked: 'باطل‌شده',
    setupTitle: 'راهنمای راه‌اندازی',
    docker: 'Docker',
    unix: 'Linux/macOS',
    windows: 'Windows',
    revoke: 'ابطال',
    workerRevoked: 'کارگزار باطل شد.',
    delete: 'حذف',
    workerDeleted: 'کارگزار حذف شد.',
  },
  en: {
    title: 'Workers',
    readOnly:
      'You can look at the workers here; only the owner and admins of this workspace can change them.',
    rename: 'Rename',
    groupsTitle: 'Worker groups',
    groupsEmpty: 'There are no worker groups yet. Create one to send tasks to a set of workers.',
    workersEmpty: 'There are no workers yet. Until you add one, the built-in worker runs your tasks.',
    newGroup: 'New group',
    groupName: 'Name',
    groupCreated: 'Worker group created.',
    groupSaved: 'Worker group saved.',
    editGroup: (name: string) => `Edit ${name}`,
    save: 'Save',
    oneWorker: '1 worker',
    newWorker: 'New worker',
    workerName: 'Name',
    group: 'Group',
    workerCreated: 'Worker created.',
    keyTitle: 'Save the API key',
    keyWarning: 'This is the only time the key is shown.',
    keyDone: 'I have saved the key',
    online: 'Online',
    offline: 'Offline',
    revoked: 'Revoked',
    setupTitle: 'Setup guide',
    docker: 'Docker',
    unix: 'Linux/macOS',
    windows: 'Windows',
    revoke: 'Revoke',
    workerRevoked: 'Worker revoked.',
    delete: 'Delete',
    workerDeleted: 'Worker deleted.',
  },
} satisfies Record<Lang, unknown>;
