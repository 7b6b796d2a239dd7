import type { TextKey } from './en.js';

export const uk: Record<TextKey, string> = {
  jobAssigned: 'Вам призначено роботу',
  jobUnassigned: 'Робота більше не ваша',
  jobMoved: 'Вашу роботу перенесено',
  jobCancelled: 'Вашу роботу скасовано',
  replacementOffered: 'Вам запропоновано заміну',
  absenceApproved: 'Вашу відсутність погоджено',
  absenceDeclined: 'Вашу відсутність відхилено',
  taskAssigned: 'Вам призначено завдання',
  jobWhen: '{day}, {from}–{to}',
  absenceDays: '{from} – {to}',
  taskDue: '{title}, до {due}',
  smsLoginCode: 'Ваш код Crewbase: {code}. Дійсний 5 хвилин.',
  smsVerificationCode: 'Ваш код підтвердження Crewbase: {code}. Дійсний 10 хвилин.',
  inviteSms:
    'Вітаємо, {name}! Ваш доступ до Crewbase готовий: відкрийте {url} і увійдіть за номером мобільного та кодом із SMS.',
  inviteMailSubject: 'Ваш доступ до Crewbase',
  inviteMail:
    'Вітаємо, {name}!\n\nВаш доступ до Crewbase готовий: відкрийте {url} і увійдіть з цією адресою e-mail та паролем, який дасть офіс.',
};
