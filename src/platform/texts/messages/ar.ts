import type { TextKey } from './en.js';

export const ar: Record<TextKey, string> = {
  jobAssigned: 'أُسند إليك عمل جديد',
  jobUnassigned: 'لم يعد هذا العمل لك',
  jobMoved: 'تغيّر موعد عملك',
  jobCancelled: 'أُلغي عملك',
  replacementOffered: 'عُرض عليك عمل بديل',
  absenceApproved: 'تمت الموافقة على غيابك',
  absenceDeclined: 'رُفض طلب غيابك',
  taskAssigned: 'أُسندت إليك مهمة',
  jobWhen: '{day}، {from}–{to}',
  absenceDays: '{from} – {to}',
  taskDue: '{title}، الموعد {due}',
  smsLoginCode: 'رمز Crewbase الخاص بك: {code}. صالح لمدة 5 دقائق.',
  smsVerificationCode: 'رمز التحقق في Crewbase: {code}. صالح لمدة 10 دقائق.',
  inviteSms: 'مرحبًا {name}، حسابك في Crewbase جاهز: افتح {url} وسجّل الدخول برقم هاتفك المحمول والرمز المرسل إليه.',
  inviteMailSubject: 'حسابك في Crewbase',
  inviteMail:
    'مرحبًا {name}،\n\nحسابك في Crewbase جاهز: افتح {url} وسجّل الدخول بعنوان البريد الإلكتروني هذا وكلمة المرور التي يعطيك إياها المكتب.',
};
