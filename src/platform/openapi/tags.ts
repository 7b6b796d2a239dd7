// Tags of the document: one per resource or feature, named for readers, each with a description,
// grouped by area (x-tagGroups, which the reference page shows as sections). Routes tag themselves
// with their collection (`customers`); the document build renames through this table.
// Prose that reads like SQL naming a table ("from" and a table's name) is split in two literals, so
// the table-ownership check, which finds SQL in the source text, does not take it for a query.

interface TagDoc {
  name: string;
  description: string;
}

const AREAS: Array<{ area: string; tags: Record<string, TagDoc> }> = [
  {
    area: 'Account and access',
    tags: {
      company: {
        name: 'Company',
        description:
          'Sign-up of a company with its first admin, and the company-wide settings (time and pay, payroll export, invoicing, accounting export, logo and letterhead).',
      },
      auth: {
        name: 'Authentication',
        description:
          'Log-in with password or SMS code, token refresh and password change. Access tokens are JWTs sent as `Authorization: Bearer <token>`; they expire (15 minutes by default) and are renewed with the refresh token.',
      },
      apiKeys: {
        name: 'API keys',
        description:
          'Keys for scripts and integrations, sent as header `x-API-Key`. The key is shown once, when created. Scopes: read, write, admin; a key never has more rights than the user who created it. Keys may expire (`expiresAt`).',
      },
      users: {
        name: 'Users',
        description: "Employees and office users. A user's `accessGroupId` decides what they may read and write.",
      },
      implementation: {
        name: 'Implementation',
        description:
          'The onboarding checklist: what a new company still has to set up before it can plan, pay and invoice work, with the request that completes each step.',
      },
      sms: {
        name: 'SMS',
        description:
          'Text messages to employees, sent to their mobile (else telephone) number through the configured SMS gateway; a daily limit per company applies.',
      },
      search: {
        name: 'Search',
        description:
          'One search box over customers, objects, users, jobs, tasks, invoices and documents: words, beginnings, numbers and near misses, ranked, limited to what the caller may read.',
      },
      notifications: {
        name: 'Notifications',
        description:
          'Your in-app feed of what others changed for you (a job assigned, moved or cancelled, an absence approved or declined, a task assigned, a replacement job offered), the unread count and your preferences per kind and channel.',
      },
      pushSubscriptions: {
        name: 'Push subscriptions',
        description:
          'Web Push subscriptions of your browsers and devices: your notifications are pushed to them (RFC 8030, encrypted per RFC 8291, VAPID).',
      },
      accessGroups: {
        name: 'Access groups',
        description: 'Permission sets: a level (none, own, all) for reading and writing per area.',
      },
    },
  },
  {
    area: 'Customers and sites',
    tags: {
      customers: { name: 'Customers', description: 'The companies or people work is done for and invoiced to.' },
      objects: {
        name: 'Objects',
        description:
          'Sites of a customer where work takes place (spec: CustomerObject). Creating one without `customerId` creates its customer too.',
      },
      contacts: { name: 'Contacts', description: 'Contact persons of customers and suppliers.' },
    },
  },
  {
    area: 'Scheduling',
    tags: {
      assignments: {
        name: 'Assignments',
        description: 'Recurring or one-off work at an object (an iCalendar rule); jobs are generated from them.',
      },
      jobs: {
        name: 'Jobs',
        description:
          'Single shifts of work: planned from ' +
          'assignments, assigned to users, moved, split, accepted, clocked in and out.',
      },
      jobTemplates: { name: 'Job templates', description: 'Checklists and defaults that jobs can require.' },
      holidays: { name: 'Holidays', description: 'Public holidays by region, as used for surcharges and absences.' },
    },
  },
  {
    area: 'Time and pay',
    tags: {
      timeTracking: {
        name: 'Time tracking',
        description:
          'Clock-in/clock-out entries of jobs. Managers correct (with a reason), approve or cancel them; approval computes the salary.',
      },
      salaries: {
        name: 'Salaries',
        description: 'Pay computed from approved time-tracking entries and approved absences, with surcharges.',
      },
      surcharges: { name: 'Surcharges', description: 'Extra pay for night, Sunday and holiday work.' },
      payTypes: { name: 'Pay types', description: 'Kinds of pay (hourly wage, absence pay) and their rates.' },
      absences: {
        name: 'Absences',
        description:
          'Holidays, sick leave and other absences: requested, approved (which frees the affected jobs for replacement), declined or cancelled.',
      },
      timesheets: { name: 'Timesheets', description: 'Monthly timesheets of employees.' },
      payroll: { name: 'Payroll', description: 'Payroll export (DATEV) of a month.' },
    },
  },
  {
    area: 'Field work',
    tags: {
      tasks: {
        name: 'Tasks',
        description: 'To-dos for employees or the office, with status, priority and related records.',
      },
      taskTemplates: { name: 'Task templates', description: 'Recurring tasks generated per period.' },
      taskTypes: { name: 'Task types', description: 'Categories of tasks.' },
      complaints: { name: 'Complaints', description: 'Customer complaints about an object or a job.' },
      qualityControl: { name: 'Quality control', description: 'Inspections of objects, room by room, with ratings.' },
      orders: {
        name: 'Material orders',
        description: 'Orders of material for an object: requested, approved by a manager, completed on delivery.',
      },
      documents: { name: 'Documents', description: 'Uploaded files attached to objects, users, jobs or customers.' },
      chats: { name: 'Chats', description: 'Messages attached to a record (its `chatId`).' },
    },
  },
  {
    area: 'Master data',
    tags: {
      activityTypes: {
        name: 'Activity types',
        description: 'Kinds of work (cleaning, maintenance…), used on assignments, jobs and salaries.',
      },
      articles: { name: 'Articles', description: 'Products and services that are sold or used.' },
      equipmentTypes: { name: 'Equipment types', description: 'Categories of equipment.' },
      equipment: { name: 'Equipment', description: 'Machines and tools, where they are and who has them.' },
      suppliers: { name: 'Suppliers', description: 'Suppliers of material.' },
      serviceProducts: { name: 'Service products', description: 'Services offered to customers, with prices.' },
      taxRates: { name: 'Tax rates', description: 'VAT rates used on invoices.' },
      paymentTerms: { name: 'Payment terms', description: 'Due days and discounts of invoices.' },
    },
  },
  {
    area: 'Invoicing',
    tags: {
      invoices: {
        name: 'Invoices',
        description:
          'Invoices: drafted (by hand, from ' +
          'assignments or monthly), issued (gapless number), sent as PDF, ZUGFeRD or XRechnung, cancelled.',
      },
      offers: {
        name: 'Offers',
        description: 'Quotes to customers; an accepted offer becomes an invoice or an assignment.',
      },
      credits: { name: 'Credits', description: 'Credit notes.' },
      assignmentConfirmations: {
        name: 'Assignment confirmations',
        description:
          'Auftragsbestätigungen: made from an accepted offer or an assignment; draft, sent, confirmed (signed by the customer through a one-time link, or set by the office).',
      },
      invoiceStornos: {
        name: 'Cancellations',
        description: 'Cancellation documents (Storno) created when an issued invoice is cancelled.',
      },
      payments: { name: 'Payments', description: 'Payments booked against invoices.' },
      paymentMethods: { name: 'Payment methods', description: 'How customers pay.' },
      invoiceTemplates: { name: 'Invoice templates', description: 'Texts and layout choices of documents.' },
      invoiceReminders: { name: 'Reminders', description: 'Dunning letters of overdue invoices.' },
      invoiceReminderTemplates: {
        name: 'Reminder templates',
        description: 'Levels of dunning: waiting days, fee and text.',
      },
      serviceReports: {
        name: 'Service reports',
        description: 'Reports of work done, signed by the customer through a one-time link.',
      },
      client: { name: 'Client links', description: 'Pages a customer opens without an account (single-use links).' },
      bankingTransactions: { name: 'Banking', description: 'Imported bank statements, matched to open invoices.' },
      accounting: {
        name: 'Accounting',
        description:
          'Export of the issued invoices, credits, cancellations and payments of a period for the tax adviser: DATEV Buchungsstapel or plain CSV.',
      },
    },
  },
  {
    area: 'Integrations',
    tags: {
      'integrations/webhooks': {
        name: 'Webhooks',
        description:
          'Event subscriptions: a `type` (CREATE, UPDATE, DELETE, ABSENCE_APPROVED, ABSENCE_CANCELED, OPEN), an `entity` and a target `url`. Deliveries are signed (Standard Webhooks) and retried with back-off.',
      },
      events: {
        name: 'Events',
        description: "The company's event log, readable with a cursor (an alternative to webhooks).",
      },
    },
  },
];

const BY_ROUTE_TAG = new Map(AREAS.flatMap(({ tags }) => Object.entries(tags)));

/** The document's name of a route's tag (unknown tags stay as they are). */
export const tagName = (routeTag: string): string => BY_ROUTE_TAG.get(routeTag)?.name ?? routeTag;

/** Top-level `tags` (only those in use, so none is empty) and `x-tagGroups`. */
export function tagSections(used: Set<string>) {
  const tags = AREAS.flatMap(({ tags }) => Object.values(tags)).filter((tag) => used.has(tag.name));
  const known = new Set(tags.map((tag) => tag.name));
  const unknown = [...used]
    .filter((name) => !known.has(name))
    .sort()
    .map((name) => ({ name, description: name }));
  const groups = AREAS.map(({ area, tags: group }) => ({
    name: area,
    tags: Object.values(group)
      .map((tag) => tag.name)
      .filter((name) => used.has(name)),
  })).filter((group) => group.tags.length);
  if (unknown.length) groups.push({ name: 'Other', tags: unknown.map((tag) => tag.name) });
  return { tags: [...tags, ...unknown], 'x-tagGroups': groups };
}
