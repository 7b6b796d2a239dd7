import type { TextKey } from './en.js';

export const pl: Record<TextKey, string> = {
  jobAssigned: 'Masz nowe zlecenie',
  jobUnassigned: 'Zlecenie nie jest już Twoje',
  jobMoved: 'Twoje zlecenie zostało przesunięte',
  jobCancelled: 'Twoje zlecenie zostało odwołane',
  replacementOffered: 'Proponujemy Ci zastępstwo',
  absenceApproved: 'Twoja nieobecność została zatwierdzona',
  absenceDeclined: 'Twoja nieobecność została odrzucona',
  taskAssigned: 'Masz nowe zadanie',
  jobWhen: '{day}, {from}–{to}',
  absenceDays: '{from} – {to}',
  taskDue: '{title}, termin {due}',
  smsLoginCode: 'Twój kod Crewbase: {code}. Ważny 5 minut.',
  smsVerificationCode: 'Twój kod weryfikacyjny Crewbase: {code}. Ważny 10 minut.',
  inviteSms:
    'Cześć {name}, Twoje konto Crewbase jest gotowe: otwórz {url} i zaloguj się numerem telefonu i kodem z SMS-a.',
  inviteMailSubject: 'Twoje konto Crewbase',
  inviteMail:
    'Cześć {name},\n\nTwoje konto Crewbase jest gotowe: otwórz {url} i zaloguj się tym adresem e-mail i hasłem, które dostaniesz z biura.',
};
