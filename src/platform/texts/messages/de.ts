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
};
