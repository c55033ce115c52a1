import type { Translations } from '../en';

/** Persian strings of the home page's live statistics, severity breakdown and worker map. */
export const homeDashboardFa: Pick<
  Translations['home'],
  'sla' | 'stats' | 'severity' | 'workersMap' | 'firstStep'
> = {
  sla: {
    label: 'شمار یافته‌های باز بر پایهٔ مهلت',
    overdue: 'باز و از مهلت گذشته',
    due7d: 'مهلت در ۷ روز آینده',
    assignedToMe: 'سپرده‌شده به من',
  },
  stats: {
    title: 'آمار زنده',
    updating: 'هر چند ثانیه به‌روز می‌شود',
    loadFailed: 'بارگذاری آمار ناموفق بود.',
    scansTotal: 'اسکن‌ها',
    scansRunning: 'در حال اجرا',
    scansCompleted: 'تکمیل‌شده',
    scansScheduled: 'زمان‌بندی‌شده',
    assetGroups: 'گروه‌های دارایی',
    assets: 'دارایی‌ها',
    openVulnerabilities: 'آسیب‌پذیری‌های باز',
  },
  severity: {
    title: 'آسیب‌پذیری‌ها بر پایهٔ شدت',
    empty: 'آسیب‌پذیری بازی وجود ندارد. برای اطمینان یک اسکن اجرا کنید.',
    critical: 'بحرانی',
    high: 'بالا',
    medium: 'متوسط',
    low: 'پایین',
    info: 'اطلاعاتی',
  },
  workersMap: {
    title: 'کارگزارها در سراسر جهان',
    mapLabel: 'نقشهٔ جهان با کارگزارها بر پایهٔ کشور',
    empty: 'هنوز کارگزاری ندارید. از صفحهٔ کارگزارها یکی اضافه کنید تا از دستگاه‌های خودتان اسکن کنید.',
    unknownCountry: 'مکان نامشخص',
    country: 'کشور',
    total: 'کارگزارها',
    online: 'برخط',
    tooltip: '{{country}} — کارگزارها: {{total}}، برخط: {{online}}',
    legendOnline: 'کارگزار برخط',
    legendOffline: 'کارگزار، اکنون هیچ‌کدام برخط نیست',
    legendNone: 'بدون کارگزار',
    loadingMap: 'در حال بارگذاری نقشه…',
  },
  firstStep: {
    title: 'از اینجا شروع کنید',
    body: 'یک گروه دارایی بسازید: دامنه‌ها یا نشانی‌هایی که از آن شماست. دیدبان میزبان‌ها، درگاه‌ها و سرویس‌های وب آن‌ها را پیدا می‌کند؛ سپس آن‌ها را برای آسیب‌پذیری اسکن می‌کنید.',
    action: 'ساخت نخستین گروه دارایی',
  },
};
