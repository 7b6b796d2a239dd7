import type { TextKey } from './en.js';

export const de: Record<TextKey, string> = {
  jobAssigned: 'Ihnen wurde ein Einsatz zugeteilt',
  jobUnassigned: 'Ein Einsatz ist nicht mehr Ihrer',
  jobMoved: 'Ihr Einsatz wurde verschoben',
  jobCancelled: 'Ihr Einsatz wurde abgesagt',
  replacementOffered: 'Ihnen wurde eine Vertretung angeboten',
  absenceApproved: 'Ihre Abwesenheit wurde genehmigt',
  absenceDeclined: 'Ihre Abwesenheit wurde abgelehnt',
  taskAssigned: 'Ihnen wurde eine Aufgabe zugeteilt',
  jobWhen: '{day}, {from}–{to}',
  absenceDays: '{from} – {to}',
  taskDue: '{title}, fällig {due}',
  smsLoginCode: 'Ihr Crewbase-Code: {code}. Er gilt 5 Minuten.',
  smsVerificationCode: 'Ihr Crewbase-Bestätigungscode: {code}. Er gilt 10 Minuten.',
  inviteSms:
    'Hallo {name}, Ihr Crewbase-Zugang ist bereit: Öffnen Sie {url} und melden Sie sich mit Ihrer Mobilnummer und dem zugesandten Code an.',
  inviteMailSubject: 'Ihr Crewbase-Zugang',
  inviteMail:
    'Hallo {name},\n\nIhr Crewbase-Zugang ist bereit: Öffnen Sie {url} und melden Sie sich mit dieser E-Mail-Adresse und dem Passwort an, das Sie vom Büro bekommen.',
};
