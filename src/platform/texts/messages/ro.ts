import type { TextKey } from './en.js';

export const ro: Record<TextKey, string> = {
  jobAssigned: 'Ai primit o lucrare nouă',
  jobUnassigned: 'O lucrare nu mai este a ta',
  jobMoved: 'Lucrarea ta a fost mutată',
  jobCancelled: 'Lucrarea ta a fost anulată',
  replacementOffered: 'Ți s-a oferit o înlocuire',
  absenceApproved: 'Absența ta a fost aprobată',
  absenceDeclined: 'Absența ta a fost respinsă',
  taskAssigned: 'Ai primit o sarcină nouă',
  jobWhen: '{day}, {from}–{to}',
  absenceDays: '{from} – {to}',
  taskDue: '{title}, termen {due}',
  smsLoginCode: 'Codul tău Crewbase: {code}. Expiră în 5 minute.',
  smsVerificationCode: 'Codul tău de verificare Crewbase: {code}. Expiră în 10 minute.',
  inviteSms:
    'Bună {name}, contul tău Crewbase este gata: deschide {url} și intră cu numărul de mobil și codul primit prin SMS.',
  inviteMailSubject: 'Contul tău Crewbase',
  inviteMail:
    'Bună {name},\n\ncontul tău Crewbase este gata: deschide {url} și intră cu această adresă de e-mail și parola primită de la birou.',
};
