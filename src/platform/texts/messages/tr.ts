import type { TextKey } from './en.js';

export const tr: Record<TextKey, string> = {
  jobAssigned: 'Size yeni bir iş verildi',
  jobUnassigned: 'Bir iş artık sizde değil',
  jobMoved: 'İşinizin zamanı değişti',
  jobCancelled: 'İşiniz iptal edildi',
  replacementOffered: 'Size bir yedek iş önerildi',
  absenceApproved: 'İzniniz onaylandı',
  absenceDeclined: 'İzniniz reddedildi',
  taskAssigned: 'Size yeni bir görev verildi',
  jobWhen: '{day}, {from}–{to}',
  absenceDays: '{from} – {to}',
  taskDue: '{title}, son gün {due}',
  smsLoginCode: 'Crewbase kodunuz: {code}. 5 dakika geçerlidir.',
  smsVerificationCode: 'Crewbase doğrulama kodunuz: {code}. 10 dakika geçerlidir.',
  inviteSms:
    'Merhaba {name}, Crewbase hesabınız hazır: {url} adresini açın, cep numaranız ve SMS ile gelen kodla giriş yapın.',
  inviteMailSubject: 'Crewbase hesabınız',
  inviteMail:
    'Merhaba {name},\n\nCrewbase hesabınız hazır: {url} adresini açın, bu e-posta adresi ve ofisin verdiği şifreyle giriş yapın.',
};
