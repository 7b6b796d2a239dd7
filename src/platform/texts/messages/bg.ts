import type { TextKey } from './en.js';

export const bg: Record<TextKey, string> = {
  jobAssigned: 'Възложена ви е нова работа',
  jobUnassigned: 'Една работа вече не е ваша',
  jobMoved: 'Работата ви е преместена',
  jobCancelled: 'Работата ви е отменена',
  replacementOffered: 'Предложено ви е заместване',
  absenceApproved: 'Отсъствието ви е одобрено',
  absenceDeclined: 'Отсъствието ви е отказано',
  taskAssigned: 'Възложена ви е задача',
  jobWhen: '{day}, {from}–{to}',
  absenceDays: '{from} – {to}',
  taskDue: '{title}, срок {due}',
  smsLoginCode: 'Вашият код за Crewbase: {code}. Валиден е 5 минути.',
  smsVerificationCode: 'Вашият код за потвърждение в Crewbase: {code}. Валиден е 10 минути.',
  inviteSms:
    'Здравейте, {name}! Достъпът ви до Crewbase е готов: отворете {url} и влезте с мобилния си номер и кода от SMS.',
  inviteMailSubject: 'Вашият достъп до Crewbase',
  inviteMail:
    'Здравейте, {name}!\n\nДостъпът ви до Crewbase е готов: отворете {url} и влезте с този имейл адрес и паролата, която ще ви даде офисът.',
};
