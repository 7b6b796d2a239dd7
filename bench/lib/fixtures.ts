// Realistic-looking documents for seeding, derived from an index only (deterministic).

const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hannes',
  'Ida',
  'Jonas',
  'Lea',
  'Moritz',
  'Nina',
];
export const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Koch',
  'Richter',
];
const CITIES = [
  ['Berlin', '10115', 'BE'],
  ['Hamburg', '20095', 'HH'],
  ['München', '80331', 'BY'],
  ['Köln', '50667', 'NW'],
  ['Leipzig', '04109', 'SN'],
] as const;
export const STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Lindenallee'];
const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
const ascii = (text: string) =>
  text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');

export function address(i: number) {
  const [city, zip] = at(CITIES, i);
  return { street: `${at(STREETS, i)} ${1 + (i % 120)}`, zip, city, country: 'DE' };
}

export function userDoc(i: number) {
  const firstName = at(FIRST, i);
  const lastName = at(LAST_NAMES, Math.floor(i / FIRST.length));
  return {
    general: {
      firstName,
      lastName,
      language: 'de',
      sex: i % 2 ? 'female' : 'male',
      birthDate: `19${70 + (i % 30)}-0${1 + (i % 9)}-15`,
    },
    contact: { email: ascii(`${firstName}.${lastName}.${i}@example.com`), mobile: `+49 151 ${String(1_000_000 + i)}` },
    address: address(i),
    contract: {
      startDate: new Date(Date.UTC(2020, i % 12, 1)).toISOString(),
      department: at(['Service', 'Montage', 'Reinigung', 'Büro'], i),
      salary: 2800 + (i % 20) * 100,
      salaryType: 'monthly',
      employment: at(['full-time', 'part-time', 'mini-job'], i),
      vacationDays: 28,
      remainingLeave: [{ year: 2024, days: i % 10 }],
    },
    tags: [at(['crew-a', 'crew-b', 'crew-c'], i)],
  };
}

export function customerDoc(i: number) {
  const last = at(LAST_NAMES, i);
  return {
    name: `${last} ${at(['GmbH', 'KG', 'AG', 'e.K.', 'Hausverwaltung'], i)} ${i}`,
    contactPerson: `${at(FIRST, i)} ${last}`,
    address: address(i + 3),
    contact: {
      telephone: `+49 30 ${String(2_000_000 + i)}`,
      email: `office${i}@kunde.example`,
      website: `https://kunde${i}.example`,
    },
    vatNumber: `DE${String(100_000_000 + i)}`,
    debitorNumber: String(10_000 + i),
  };
}

/** A customer object (the place where work is done), with its region for public holidays. */
export function objectDoc(i: number, customerId: string) {
  const [city, zip, state] = at(CITIES, i + 1);
  return {
    name: `${at(['Büro', 'Praxis', 'Treppenhaus', 'Filiale', 'Lager'], i)} ${at(STREETS, i + 2)} ${1 + (i % 90)}`,
    address: { street: `${at(STREETS, i + 2)} ${1 + (i % 90)}`, zip, city, country: 'DE', state },
    customerId,
    contact: { phone: `+49 40 ${String(3_000_000 + i)}` },
    securityCode: String(1000 + (i % 9000)),
    tags: [at(['office', 'medical', 'retail'], i)],
  };
}

/** A seller whose invoices the e-invoice rules accept (XRechnung wants a contact with phone and e-mail). */
export const BENCH_SELLER = {
  name: 'Glanz Gebäudedienste GmbH',
  street: 'Hauptstraße 1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE123456789',
  contactName: 'Buchhaltung',
  email: 'rechnung@glanz.example',
  phone: '+49 30 123456',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bankName: 'Bank',
};
